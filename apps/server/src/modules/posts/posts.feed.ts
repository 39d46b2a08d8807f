import type { Currency, ListingPurpose, RankedCursor } from '@makan/contract/listing';
import type { PropertyType } from '@makan/contract/property-types';
import type { Purpose } from '@makan/contract/purposes';
import { eq, gte, lte, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { posts } from '../../db/schema/posts.ts';

export type FeedFilters = {
  propertyType?: PropertyType | undefined;
  cityId?: number | undefined;
  purpose?: ListingPurpose | undefined;
  currency?: Currency | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  areaMin?: number | undefined;
  areaMax?: number | undefined;
  authorId?: number | undefined;
  /** Authors the viewer must not see (blocks, either way); usually none, and then no condition. */
  hiddenAuthors?: ReadonlySet<number> | undefined;
};

/** The feed's filters as conditions on posts (both orders). */
export function filterConditions(f: FeedFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.propertyType) conditions.push(eq(posts.propertyType, f.propertyType));
  if (f.cityId) conditions.push(eq(posts.cityId, f.cityId));
  if (f.purpose) conditions.push(eq(posts.purpose, f.purpose));
  if (f.currency) conditions.push(eq(posts.currency, f.currency));
  if (f.priceMin !== undefined) conditions.push(gte(posts.price, f.priceMin));
  if (f.priceMax !== undefined) conditions.push(lte(posts.price, f.priceMax));
  if (f.areaMin !== undefined) conditions.push(gte(posts.areaM2, f.areaMin));
  if (f.areaMax !== undefined) conditions.push(lte(posts.areaM2, f.areaMax));
  if (f.authorId) conditions.push(eq(posts.userId, f.authorId));
  if (f.hiddenAuthors?.size) conditions.push(notInArray(posts.userId, [...f.hiddenAuthors]));
  return conditions;
}

/**
 * The same conditions as filterConditions, with each value a placeholder (issue 25), so the latest
 * feed is one prepared statement per shape of filters (`shape`: which are set) and its values.
 */
export function filterPlaceholders(f: FeedFilters): {
  shape: string;
  conditions: SQL[];
  values: Record<string, unknown>;
} {
  const conditions: SQL[] = [];
  const values: Record<string, unknown> = {};
  let shape = '';
  const add = (name: string, value: unknown, condition: (p: Placeholder) => SQL) => {
    if (value === undefined) {
      shape += '0';
      return;
    }
    shape += '1';
    values[name] = value;
    conditions.push(condition(sql.placeholder(name)));
  };
  add('propertyType', f.propertyType || undefined, (p) => eq(posts.propertyType, p));
  add('cityId', f.cityId || undefined, (p) => eq(posts.cityId, p));
  add('purpose', f.purpose || undefined, (p) => eq(posts.purpose, p));
  add('currency', f.currency || undefined, (p) => eq(posts.currency, p));
  add('priceMin', f.priceMin, (p) => gte(posts.price, p));
  add('priceMax', f.priceMax, (p) => lte(posts.price, p));
  add('areaMin', f.areaMin, (p) => gte(posts.areaM2, p));
  add('areaMax', f.areaMax, (p) => lte(posts.areaM2, p));
  add('authorId', f.authorId || undefined, (p) => eq(posts.userId, p));
  add(
    'hidden',
    f.hiddenAuthors?.size ? [...f.hiddenAuthors] : undefined,
    (p) => sql`${posts.userId} <> all(${p}::int[])`,
  );
  return { shape: shape.includes('1') ? shape : '', conditions, values };
}

/**
 * The 'For you' feed (docs/decisions/012). A post's score is its creation time plus a boost for
 * each way it matches the viewer, so a boost reads as "this many hours newer":
 * a post from a followed account and of a type, in a city and for a purpose the viewer chose
 * ranks with posts 27 hours newer than itself; past that, newer posts come first whatever they
 * match. The viewer's own posts count as followed: they stay in sight without pinning the feed.
 * The score never depends on the time of the request, so it is the same on every page.
 */
export const BOOST_HOURS = { followed: 12, propertyType: 6, city: 6, purpose: 3 } as const;

const hours = (n: number) => sql.raw(String(n));
/** The largest boost a post can get, in hours: the ranked walk reads this far past its page. */
const MAX_BOOST_HOURS = Object.values(BOOST_HOURS).reduce((a, b) => a + b, 0);

/** The listings an onboarding purpose is looking for: buyers want sales, those who list want requests. */
const WANTED_LISTINGS: Record<Purpose, ListingPurpose> = { buy: 'sale', rent: 'rent', list: 'wanted' };

/**
 * A post's score as a time: its creation time moved later by its boosts (timestamp arithmetic, so
 * scoring a few thousand posts costs little). Read with the `me` row of rankedPageQuery.
 */
const score = sql`(posts.created_at + (
    case when posts.user_id = any((select followees from me)::int[]) then ${hours(BOOST_HOURS.followed)} else 0 end
    + case when posts.property_type = any((select types from me)::text[]) then ${hours(BOOST_HOURS.propertyType)} else 0 end
    + case when posts.city_id = any((select cities from me)::int[]) then ${hours(BOOST_HOURS.city)} else 0 end
    + case when posts.purpose = (select purpose from me) then ${hours(BOOST_HOURS.purpose)} else 0 end
  ) * interval '1 hour')`;

const wantedCase = sql.raw(
  `case up.purpose ${Object.entries(WANTED_LISTINGS)
    .map(([purpose, listing]) => `when '${purpose}' then '${listing}'`)
    .join(' ')} end`,
);

/**
 * The ids and scores (microseconds since 1970) of one ranked page, best first (score, then id),
 * with the snapshot id, among the posts that pass `filters`. Exact and bounded, read from the
 * covering index posts_feed_rank_idx (created_at, id and every column the score reads):
 * - `walk` takes the `limit` newest posts after the cursor. Each has a score at least its own
 *   time, so the page's worst score is at least the oldest of their times, `since`;
 * - a score is at most its time plus MAX_BOOST_HOURS, so no post older than `since` minus that
 *   can reach the page: `page` scores only the posts in that window. The window holds a page
 *   plus MAX_BOOST_HOURS of posts, however many posts there are in all.
 * Keyset on (score, id) below the cursor, among posts up to the snapshot (the newest id when the
 * first page was read): posts that arrive while someone scrolls wait for the next first page, and
 * every post that existed then is shown once.
 */
export function rankedPageQuery(q: {
  viewerId: number;
  cursor: RankedCursor | undefined;
  limit: number;
  filters: SQL | undefined;
}): SQL {
  const limit = sql.raw(String(q.limit));
  const snapshot = q.cursor ? sql`${q.cursor.snapshot}::int` : sql`(select coalesce(max(id), 0) from posts)`;
  // The time bound is always written, "infinity" on the first page: with a range on both sides the
  // planner estimates a narrow slice of posts_feed_rank_idx even though `since` is only known later.
  // The cursor's score is in microseconds since 1970: exact both ways (a float8 holds it exactly).
  const until = q.cursor
    ? sql`('epoch'::timestamptz + ${q.cursor.score}::bigint * interval '1 microsecond')`
    : sql`'infinity'::timestamptz`;
  const afterCursor = q.cursor ? sql`and (${score}, posts.id) < (${until}, ${q.cursor.id}::int)` : sql``;
  const filters = q.filters ? sql`and ${q.filters}` : sql``;
  return sql`with me as materialized (
      select coalesce(up.property_types, '{}'::text[]) as types,
        coalesce(up.preferred_locations, '{}'::int[]) as cities,
        ${wantedCase} as purpose,
        array(select f.followee_id from follows f where f.follower_id = ${q.viewerId}) || ${q.viewerId}::int
          as followees,
        ${snapshot} as snapshot
      from (select 1) one left join user_preferences up on up.user_id = ${q.viewerId}
    ),
    walk as materialized (
      select posts.created_at from posts
      where posts.id <= (select snapshot from me) and posts.created_at <= ${until} ${afterCursor} ${filters}
      order by posts.created_at desc, posts.id desc
      limit ${limit}
    ),
    bound as materialized (
      select case when count(*) < ${limit} then '-infinity'::timestamptz
        else min(created_at) - interval '${sql.raw(String(MAX_BOOST_HOURS))} hours' end as since
      from walk
    )
    select page.id, (extract(epoch from page.score) * 1000000)::bigint as score,
      (select snapshot from me) as snapshot
    from (
      select posts.id, ${score} as score from posts
      where posts.id <= (select snapshot from me) and posts.created_at >= (select since from bound)
        and posts.created_at <= ${until} ${afterCursor} ${filters}
      order by 2 desc, posts.id desc
      limit ${limit}
    ) page`;
}
