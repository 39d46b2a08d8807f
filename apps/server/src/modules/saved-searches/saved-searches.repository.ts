import { LANGUAGES } from '@makan/contract/languages';
import { CURRENCIES, LISTING_PURPOSES } from '@makan/contract/listing';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@makan/contract/saved-search-words';
import type { SavedSearchCriteria } from '@makan/contract/saved-searches';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { blockBetween } from '../blocks/blocks.repository.ts';

/** A statement runner: the database, or a transaction of it. */
type Executor = Pick<Database, 'execute'>;

const numeric = z.coerce.number().nullable();
const searchRows = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      user_id: z.coerce.number(),
      name: z.string(),
      keyword: z.string().nullable(),
      property_types: z.array(z.enum(PROPERTY_TYPES)),
      city_ids: z.array(z.coerce.number()),
      purpose: z.enum(LISTING_PURPOSES).nullable(),
      currency: z.enum(CURRENCIES).nullable(),
      price_min: numeric,
      price_max: numeric,
      area_min: numeric,
      area_max: numeric,
      frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
      paused: z.boolean(),
      last_opened_at: z.coerce.date().nullable(),
      created_at: z.coerce.date(),
      new_count: z.coerce.number(),
    }),
  ),
});
export type SavedSearchRow = z.infer<typeof searchRows>['rows'][number];

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
const countRows = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });
const languageRows = z.object({ rows: z.array(z.object({ language: z.enum(LANGUAGES) })) });
const matchRows = z.object({
  rows: z.array(
    z.object({
      search_id: z.coerce.number(),
      user_id: z.coerce.number(),
      name: z.string(),
      pending_email: z.boolean(),
    }),
  ),
});
const digestUserRows = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      email: z.string(),
      name: z.string(),
      language: z.enum(LANGUAGES),
    }),
  ),
});
const pendingRows = z.object({
  rows: z.array(
    z.object({
      search_id: z.coerce.number(),
      search_name: z.string(),
      post_id: z.coerce.number(),
      property_type: z.enum(PROPERTY_TYPES),
      city_en: z.string().nullable(),
      city_ar: z.string().nullable(),
      custom_location: z.string().nullable(),
      purpose: z.enum(LISTING_PURPOSES).nullable(),
      price: numeric,
      currency: z.enum(CURRENCIES).nullable(),
      area_m2: numeric,
      description: z.string().nullable(),
      matched_at: z.coerce.date(),
    }),
  ),
});
export type PendingMatch = z.infer<typeof pendingRows>['rows'][number];

/** The columns of a search's row, its count of listings matched since its owner last ran it. */
const searchColumns = sql`s.id, s.user_id, s.name, s.keyword, s.property_types, s.city_ids, s.purpose,
  s.currency, s.price_min, s.price_max, s.area_min, s.area_max, s.frequency, s.paused, s.last_opened_at,
  s.created_at,
  (select count(*) from saved_search_matches m
    where m.search_id = s.id and m.matched_at > coalesce(s.last_opened_at, s.created_at)) as new_count`;

/**
 * Whether listing `p` is what search `s` looks for, and may be shown to its owner: its criteria
 * (empty lists and nulls are 'any'; a price or area range leaves out a listing without one), on the
 * market (no status, or available), not the owner's own, no block between them either way, its
 * author not suspended.
 */
function matches(now: Date): SQL {
  const at = now.toISOString();
  return sql`(cardinality(s.property_types) = 0 or p.property_type = any(s.property_types))
    and (cardinality(s.city_ids) = 0 or p.city_id = any(s.city_ids))
    and (s.purpose is null or p.purpose = s.purpose)
    and (s.currency is null or p.currency = s.currency)
    and (s.price_min is null or p.price >= s.price_min)
    and (s.price_max is null or p.price <= s.price_max)
    and (s.area_min is null or p.area_m2 >= s.area_min)
    and (s.area_max is null or p.area_m2 <= s.area_max)
    and (s.ts_query is null or p.search_vector @@ to_tsquery('simple', s.ts_query))
    and (p.status is null or p.status = 'available')
    and p.user_id <> s.user_id
    and not ${blockBetween(sql`s.user_id`, sql`p.user_id`)}
    and not exists (select 1 from users a where a.id = p.user_id and a.suspended_until > ${at}::timestamptz)`;
}

/**
 * The saved searches listing `postId` matches now, as (search, listing, whether it waits for the
 * daily email) rows. The candidates come from the slots' primary key (the listing's type, city and
 * purpose, each also as 'any': eight index lookups, whatever the number of searches); the ranges
 * and the keyword are checked on those alone. Running searches of owners not suspended.
 */
export function listingMatchesQuery(postId: number, now: Date): SQL {
  const at = now.toISOString();
  return sql`
    with listing as (
      select p.property_type, coalesce(p.city_id, 0) as city, coalesce(p.purpose, '') as purpose
      from posts p where p.id = ${postId}
    ), candidates as (
      -- The eight keys, each an equality lookup of the slots' whole primary key (an IN list on its
      -- columns lets the planner use the first column only, and filter a whole type's slots).
      select distinct k.search_id from listing l
        cross join lateral (values
          (l.property_type, l.city, l.purpose), (l.property_type, l.city, ''),
          (l.property_type, 0, l.purpose), (l.property_type, 0, ''),
          ('', l.city, l.purpose), ('', l.city, ''), ('', 0, l.purpose), ('', 0, '')) as key (type, city, purpose)
        join saved_search_slots k
          on k.property_type = key.type and k.city_id = key.city and k.purpose = key.purpose
    )
    select s.id as search_id, p.id as post_id, s.frequency = 'daily' as pending_email
    from candidates c join saved_searches s on s.id = c.search_id join posts p on p.id = ${postId}
    where not s.paused and ${matches(now)}
      and not exists (select 1 from users o where o.id = s.user_id and o.suspended_until > ${at}::timestamptz)
    order by s.id`;
}

/**
 * Matches listing `postId` against the saved searches (listingMatchesQuery), in the caller's
 * transaction (the notification event's, issue 23). Each match is written once (its key): a listing
 * that changed again, or an event run twice, writes nothing more. Answers the new matches, with
 * their owner and whether they wait for the daily email.
 */
export async function matchListing(db: Executor, postId: number, now: Date) {
  const result = await db.execute(sql`
    with matched as (
      insert into saved_search_matches (search_id, post_id, pending_email, matched_at)
      select found.search_id, found.post_id, found.pending_email, ${now.toISOString()}::timestamptz
      from (${listingMatchesQuery(postId, now)}) found
      on conflict (search_id, post_id) do nothing
      returning search_id, pending_email
    )
    select m.search_id, s.user_id, s.name, m.pending_email
    from matched m join saved_searches s on s.id = m.search_id
    order by m.search_id`);
  return matchRows.parse(result).rows;
}

/** The slots of a search's criteria: its types × cities × purpose, 'any' written as '' and 0. */
function slotsOf(criteria: SavedSearchCriteria): { type: string; city: number; purpose: string }[] {
  const types = criteria.property_types.length > 0 ? criteria.property_types : [''];
  const cities = criteria.city_ids.length > 0 ? criteria.city_ids : [0];
  const purpose = criteria.purpose ?? '';
  return types.flatMap((type) => cities.map((city) => ({ type, city, purpose })));
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const intArray = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::integer[]`;

/** Saved searches (issue 23): each user's own, their slots, matches and daily emails. */
export function createSavedSearchesRepository(db: Database) {
  async function one(executor: Executor, userId: number, id: number) {
    const result = await executor.execute(
      sql`select ${searchColumns} from saved_searches s where s.id = ${id} and s.user_id = ${userId}`,
    );
    return searchRows.parse(result).rows[0];
  }

  return {
    async list(userId: number) {
      const result = await db.execute(
        sql`select ${searchColumns} from saved_searches s where s.user_id = ${userId} order by s.id desc`,
      );
      return searchRows.parse(result).rows;
    },

    find: (userId: number, id: number) => one(db, userId, id),

    async language(userId: number) {
      const result = await db.execute(sql`select language from users where id = ${userId}`);
      return languageRows.parse(result).rows[0]?.language ?? 'en';
    },

    /** Which of `ids` are cities we know. */
    async knownCities(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const result = await db.execute(sql`select id from cities where id = any(${intArray(ids)})`);
      return new Set(idRows.parse(result).rows.map((r) => r.id));
    },

    async cityNames(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, { en: string; ar: string }>();
      const result = await db.execute(
        sql`select id, name_en, name_ar from cities where id = any(${intArray(ids)})`,
      );
      const rows = z
        .object({
          rows: z.array(z.object({ id: z.coerce.number(), name_en: z.string(), name_ar: z.string() })),
        })
        .parse(result).rows;
      return new Map(rows.map((r) => [r.id, { en: r.name_en, ar: r.name_ar }]));
    },

    /**
     * Saves a search with its slots, unless its owner already has `max`: the count is taken with
     * the owner's row locked, so two saves at once cannot both be the twentieth. Undefined when full.
     */
    async create(row: {
      userId: number;
      name: string;
      criteria: SavedSearchCriteria;
      tsQuery: string | null;
      frequency: SavedSearchFrequency;
      max: number;
      now: Date;
    }): Promise<SavedSearchRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${row.userId} for update`);
        const counted = await tx.execute(
          sql`select count(*) as n from saved_searches where user_id = ${row.userId}`,
        );
        if ((countRows.parse(counted).rows[0]?.n ?? 0) >= row.max) return undefined;
        const c = row.criteria;
        const at = row.now.toISOString();
        const inserted = await tx.execute(sql`
          insert into saved_searches (user_id, name, keyword, ts_query, property_types, city_ids, purpose, currency,
            price_min, price_max, area_min, area_max, frequency, created_at, updated_at)
          values (${row.userId}, ${row.name}, ${c.keyword}, ${row.tsQuery}, ${textArray(c.property_types)},
            ${intArray(c.city_ids)}, ${c.purpose}, ${c.currency}, ${c.price_min}, ${c.price_max}, ${c.area_min},
            ${c.area_max}, ${row.frequency}, ${at}::timestamptz, ${at}::timestamptz)
          returning id`);
        const id = idRows.parse(inserted).rows[0]?.id;
        if (id === undefined) throw new Error('saved search not written');
        const slots = slotsOf(c);
        await tx.execute(sql`
          insert into saved_search_slots (property_type, city_id, purpose, search_id)
          values ${sql.join(
            slots.map((s) => sql`(${s.type}, ${s.city}, ${s.purpose}, ${id})`),
            sql`, `,
          )}`);
        return one(tx, row.userId, id);
      });
    },

    /** Renames, pauses or resumes, changes how often; undefined when it is not the user's. */
    async update(
      userId: number,
      id: number,
      change: {
        name?: string | undefined;
        frequency?: SavedSearchFrequency | undefined;
        paused?: boolean | undefined;
      },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          update saved_searches set
            name = coalesce(${change.name ?? null}, name),
            frequency = coalesce(${change.frequency ?? null}, frequency),
            paused = coalesce(${change.paused ?? null}::boolean, paused),
            updated_at = ${now.toISOString()}::timestamptz
          where id = ${id} and user_id = ${userId}
          returning id, frequency, paused`);
        const row = z
          .object({
            rows: z.array(z.object({ id: z.coerce.number(), frequency: z.string(), paused: z.boolean() })),
          })
          .parse(result).rows[0];
        if (!row) return undefined;
        // Listings waiting for a daily email that will not go (paused, or told at once from now on).
        if (row.paused || row.frequency !== 'daily')
          await tx.execute(
            sql`update saved_search_matches set pending_email = false where search_id = ${id} and pending_email`,
          );
        return one(tx, userId, id);
      });
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db.execute(
        sql`delete from saved_searches where id = ${id} and user_id = ${userId} returning id`,
      );
      return idRows.parse(result).rows.length > 0;
    },

    /** Ran by its owner: what 'new since last visit' counts from. */
    async opened(userId: number, id: number, now: Date) {
      await db.execute(sql`
        update saved_searches set last_opened_at = ${now.toISOString()}::timestamptz
        where id = ${id} and user_id = ${userId}`);
    },

    /** The ids of the listings a search matches now, newest first, before `cursor`. */
    async postIds(userId: number, id: number, cursor: number | undefined, limit: number, now: Date) {
      const result = await db.execute(sql`
        select p.id from saved_searches s join posts p on ${matches(now)}
        where s.id = ${id} and s.user_id = ${userId}
          ${cursor === undefined ? sql`` : sql`and p.id < ${cursor}`}
        order by p.id desc limit ${limit}`);
      return idRows.parse(result).rows.map((r) => r.id);
    },

    /**
     * People owed a daily email: a listing matched one of their daily searches at least `collectMs`
     * ago (so a burst goes in one email), and their last such email is `everyMs` old or more.
     */
    async digestCandidates(now: Date, collectMs: number, everyMs: number, limit: number) {
      const collected = new Date(now.getTime() - collectMs).toISOString();
      const last = new Date(now.getTime() - everyMs).toISOString();
      const result = await db.execute(sql`
        select u.id, u.email, u.name, u.language from users u
        where u.id in (
          select s.user_id from saved_search_matches m join saved_searches s on s.id = m.search_id
          where m.pending_email and m.matched_at <= ${collected}::timestamptz)
          and u.deletion_due_at is null
          and (u.suspended_until is null or u.suspended_until <= ${now.toISOString()}::timestamptz)
          and not exists (select 1 from saved_search_digests d where d.user_id = u.id and d.sent_at > ${last}::timestamptz)
        order by u.id limit ${limit}`);
      return digestUserRows.parse(result).rows;
    },

    /** Takes a user's turn for today's email (true), unless another process took it first. */
    async claimDigest(userId: number, now: Date, everyMs: number): Promise<boolean> {
      const last = new Date(now.getTime() - everyMs).toISOString();
      const result = await db.execute(sql`
        insert into saved_search_digests (user_id, sent_at) values (${userId}, ${now.toISOString()}::timestamptz)
        on conflict (user_id) do update set sent_at = excluded.sent_at
          where saved_search_digests.sent_at <= ${last}::timestamptz
        returning user_id as id`);
      return idRows.parse(result).rows.length > 0;
    },

    /** Gives the turn back (the email did not go): the next pass tries again. */
    async releaseDigest(userId: number, now: Date) {
      await db.execute(sql`
        delete from saved_search_digests where user_id = ${userId} and sent_at = ${now.toISOString()}::timestamptz`);
    },

    /** What a user's daily email lists: matches of their daily, running searches still to send, oldest first. */
    async pending(userId: number, now: Date) {
      const result = await db.execute(sql`
        select m.search_id, s.name as search_name, p.id as post_id, p.property_type, c.name_en as city_en,
          c.name_ar as city_ar, p.custom_location, p.purpose, p.price, p.currency, p.area_m2, p.description,
          m.matched_at
        from saved_search_matches m
        join saved_searches s on s.id = m.search_id
        join posts p on p.id = m.post_id
        left join cities c on c.id = p.city_id
        where s.user_id = ${userId} and m.pending_email and s.frequency = 'daily' and not s.paused
          and ${matches(now)}
        order by m.matched_at, m.search_id, p.id`);
      return pendingRows.parse(result).rows;
    },

    /** Sent (or no longer to send): a user's pending matches up to `upTo` leave the queue. */
    async sent(userId: number, upTo: Date) {
      await db.execute(sql`
        update saved_search_matches m set pending_email = false
        from saved_searches s
        where s.id = m.search_id and s.user_id = ${userId} and m.pending_email
          and m.matched_at <= ${upTo.toISOString()}::timestamptz`);
    },
  };
}
export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
