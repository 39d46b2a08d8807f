import { rmSync } from 'node:fs';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { createCitiesRepository } from '../apps/server/src/modules/cities/cities.repository.ts';
import { seedCities } from '../apps/server/src/modules/cities/cities.seed.ts';
import { toTsQuery } from '../apps/server/src/modules/posts/posts.search.ts';
import {
  listingMatchesQuery,
  matchListing,
} from '../apps/server/src/modules/saved-searches/saved-searches.repository.ts';
import { type Bench, type BenchContext, judge } from './lib/context.ts';
import { ms, num, type Row, ratioOf } from './lib/report.ts';
import { benchDatabaseName, recreateDatabase, scratchDir } from './lib/server.ts';
import { percentile } from './lib/stats.ts';

/**
 * Issue 23's matching at scale: saved searches with a realistic spread (types, cities, purposes,
 * price and area ranges, some keywords); a new listing is matched against them as the notification
 * worker does (`matchListing`, its writes included, in a transaction rolled back so every listing
 * meets the same searches at each size); beside it the same query's floor, its SELECT sent raw
 * through the driver. The same listings at 10,000 and at 100,000 saved searches: how the time grows
 * (target ≤ 1.5×, the slots index answering a listing without reading every search).
 */

const TYPES = PROPERTY_TYPES;
const KEYWORDS = [
  'sea view',
  'corner',
  'furnished',
  'مستودع',
  'parking',
  'new building',
  'مكتب مفروش',
  'fitted',
];
const WORDS = [
  'sea',
  'view',
  'corner',
  'furnished',
  'parking',
  'new',
  'building',
  'fitted',
  'مستودعات',
  'مكتب',
  'مفروش',
  'wide',
  'bright',
];
/** A listing is matched this many times per size (each a sample), in a random order. */
const SAMPLES = { smoke: 20, full: 200 };

const dialect = new PgDialect();
class Rollback extends Error {}
/** A driver to send raw statements through. */
type Raw = Pick<pg.Pool, 'query'>;

/** `count` saved searches more, spread as people search (setseed: the same spread every run). */
async function addSearches(
  client: Raw,
  count: number,
  seed: number,
  cityIds: number[],
  { name = 'Bench search', anyCity = true } = {},
) {
  const keywords = KEYWORDS.map((k) => toTsQuery(k) ?? '');
  await client.query('select setseed($1)', [seed]);
  await client.query(
    `with made as (
      insert into users (name, email, phone, phone_normalized, user_type, email_verified_at)
      select 'Searcher', 'bench-search-' || $1 || '-' || i || '@example.com', '+9668' || $1 || lpad(i::text, 7, '0'),
        '+9668' || $1 || lpad(i::text, 7, '0'), 'retail', now()
      from generate_series(1, $2::int) i returning id
    ), drawn as (
      select id, random() as rt, random() as rc, random() as rp, random() as rmin, random() as rmax, random() as rarea,
        random() as rk, floor(random() * 10)::int as t1, floor(random() * 9)::int as t2,
        floor(power(random(), 3) * cardinality($3::int[]))::int as c1,
        floor(power(random(), 3) * cardinality($3::int[]))::int as c2,
        floor(random() * cardinality($4::text[]))::int as k,
        (50000 * (1 + floor(random() * 40)))::numeric as price, (50 * (1 + floor(random() * 40)))::numeric as area
      from made
    ), searches as (
      -- Most people name a type, a city or two, a purpose and a price band; a few leave one open.
      insert into saved_searches (user_id, name, keyword, ts_query, property_types, city_ids, purpose, currency,
        price_min, price_max, area_min, area_max, frequency, created_at, updated_at)
      select id, $7::text,
        case when rk < 0.10 then ($4::text[])[1 + k] end,
        case when rk < 0.10 then ($5::text[])[1 + k] end,
        case when rt < 0.80 then array[($6::text[])[1 + t1]]
             when rt < 0.93 then array[($6::text[])[1 + t1], ($6::text[])[1 + (t1 + 1 + t2) % 10]]
             else '{}'::text[] end,
        case when rc < 0.80 then array[($3::int[])[1 + c1]]
             when rc < 0.92 and c1 <> c2 then array[($3::int[])[1 + c1], ($3::int[])[1 + c2]]
             when rc < 0.92 or not $8::boolean then array[($3::int[])[1 + c1]]
             else '{}'::int[] end,
        case when rp < 0.45 then 'rent' when rp < 0.88 then 'sale' when rp < 0.90 then 'wanted' end,
        case when rmax < 0.65 or rmin < 0.40 then 'SAR' end,
        case when rmin < 0.40 then price * 0.7 end,
        case when rmax < 0.65 then price * 1.3 end,
        case when rarea < 0.35 then area * 0.7 end,
        case when rarea < 0.35 then area * 1.3 end,
        case when random() < 0.8 then 'instant' else 'daily' end, now(), now()
      from drawn returning id, property_types, city_ids, purpose
    )
    insert into saved_search_slots (property_type, city_id, purpose, search_id)
    select distinct coalesce(t, ''), coalesce(c, 0), coalesce(s.purpose, ''), s.id
    from searches s
      cross join lateral unnest(case when cardinality(s.property_types) = 0 then array[null]::text[] else s.property_types end) t
      cross join lateral unnest(case when cardinality(s.city_ids) = 0 then array[null]::int[] else s.city_ids end) c`,
    [seed, count, cityIds, KEYWORDS, keywords, [...TYPES], name, anyCity],
  );
}

/** Listings as people post them, by one seller: their ids. */
async function addListings(client: Raw, count: number, cityIds: number[]): Promise<number[]> {
  await client.query('select setseed(0.5)');
  const seller = await client.query<{ id: number }>(
    `insert into users (name, email, phone, phone_normalized, user_type, email_verified_at)
     values ('Bench Seller', 'bench-seller@example.com', '+966800000001', '+966800000001', 'developer', now()) returning id`,
  );
  const { rows } = await client.query<{ id: number }>(
    `with drawn as (
      select i, floor(random() * 10)::int as t, floor(power(random(), 3) * cardinality($2::int[]))::int as c,
        random() as rp, (50000 * (1 + floor(random() * 40)))::numeric as price, (50 * (1 + floor(random() * 40)))::numeric as area,
        ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] || ' ' || ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] as words
      from generate_series(1, $3::int) i
    )
    insert into posts (user_id, description, property_type, city_id, purpose, price, currency, area_m2, status,
      search_text, search_vector, created_at, updated_at)
    select $1, 'Bench listing ' || words, ($5::text[])[1 + t], ($2::int[])[1 + c],
      case when rp < 0.45 then 'rent' when rp < 0.9 then 'sale' else 'wanted' end, price, 'SAR', area, 'available',
      'bench listing ' || words, to_tsvector('simple', 'bench listing ' || words), now(), now()
    from drawn returning id`,
    [seller.rows[0]?.id, cityIds, count, WORDS, [...TYPES]],
  );
  // Matched here, not by a worker: the events their trigger queued go.
  await client.query(`delete from notification_events`);
  return rows.map((r) => r.id);
}

type Timing = { p50: number; p99: number; matches: number; candidates: number };

/** Each listing matched as the worker does, its writes rolled back; and the same SELECT raw. */
async function measure(handle: DatabaseHandle, client: Raw, listings: number[]) {
  const product: number[] = [];
  const floor: number[] = [];
  let matches = 0;
  let candidates = 0;
  const now = new Date();
  for (const postId of listings) {
    const raw = dialect.sqlToQuery(listingMatchesQuery(postId, now));
    let t = performance.now();
    const found = await client.query(raw.sql, raw.params);
    floor.push(performance.now() - t);
    t = performance.now();
    await handle.db
      .transaction(async (tx) => {
        const written = await matchListing(tx, postId, now);
        if (written.length !== found.rowCount) throw new Error('the product and its floor disagree');
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    product.push(performance.now() - t);
    matches += found.rowCount ?? 0;
    const slots = await client.query<{ n: string }>(
      `select count(distinct k.search_id) as n from posts p join saved_search_slots k
        on k.property_type in (p.property_type, '') and k.city_id in (coalesce(p.city_id, 0), 0)
        and k.purpose in (coalesce(p.purpose, ''), '') where p.id = $1`,
      [postId],
    );
    candidates += Number(slots.rows[0]?.n ?? 0);
  }
  const of = (values: number[]): Timing => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    matches: matches / listings.length,
    candidates: candidates / listings.length,
  });
  return { product: of(product), floor: of(floor) };
}

async function open(
  ctx: BenchContext,
): Promise<{ handle: DatabaseHandle; client: Raw; drop: () => Promise<void> }> {
  if (ctx.adminUrl) {
    const url = await recreateDatabase(ctx.adminUrl, benchDatabaseName('matching'));
    const handle = await openDatabase({ url });
    await handle.migrate();
    const client = new pg.Pool({ connectionString: url, max: 1 });
    return {
      handle,
      client,
      drop: async () => {
        await client.end();
        await handle.close();
      },
    };
  }
  const dataDir = scratchDir('matching');
  rmSync(dataDir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
  // The embedded database has one session: the raw floor goes through the same pool's driver, a
  // statement at a time (holding its one connection would leave the product's transactions waiting).
  const client = (handle.db as unknown as { $client: pg.Pool }).$client;
  return {
    handle,
    client,
    drop: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const matchingBench: Bench = {
  name: 'matching',
  describe:
    'saved searches (issue 23): a new listing matched against 10,000 then 100,000 saved searches, beside the raw query',
  async run(ctx: BenchContext): Promise<Row[]> {
    const small = ctx.smoke ? 500 : 10_000;
    const large = ctx.smoke ? 5_000 : 100_000;
    const samples = ctx.smoke ? SAMPLES.smoke : SAMPLES.full;
    const { handle, client, drop } = await open(ctx);
    try {
      await seedCities(createCitiesRepository(handle.db));
      const cityIds = (await client.query<{ id: number }>('select id from cities order by rank')).rows.map(
        (r) => r.id,
      );
      // Listings in half the cities (every other one by size); people search everywhere.
      const listingCities = cityIds.filter((_, i) => i % 2 === 0);
      const elsewhere = cityIds.filter((_, i) => i % 2 === 1);
      const listings = await addListings(client, samples, listingCities);
      const at = async (what: string) => {
        await client.query('analyze');
        ctx.log(`matching: ${what}`);
        return measure(handle, client, listings);
      };
      await addSearches(client, small, 0.1, cityIds);
      // Once to warm the caches and plans, so the first size measured is not the only cold one.
      await at(`${num(small)} saved searches (warming up)`);
      const atSmall = await at(`${num(small)} saved searches`);
      // What the index alone costs: as many searches more, all looking elsewhere (other cities), so
      // each listing meets the same matches as before among ten times the searches.
      await addSearches(client, large - small, 0.3, elsewhere, { name: 'Bench elsewhere', anyCity: false });
      const atElsewhere = await at(`${num(large)} saved searches, ${num(large - small)} of them elsewhere`);
      await client.query(`delete from saved_searches where name = 'Bench elsewhere'`);
      // As people search: ten times the searches, so about ten times the matches of each listing.
      await addSearches(client, large - small, 0.2, cityIds);
      const atLarge = await at(`${num(large)} saved searches`);
      const row = (size: number, m: { product: Timing; floor: Timing }): Row => ({
        bench: 'matching',
        case: `a new listing against ${num(size)} saved searches (${num(m.product.candidates)} candidates from the slots, ${num(m.product.matches)} matches on average)`,
        measured: `p50 ${ms(m.product.p50)}, p99 ${ms(m.product.p99)}`,
        baseline: `raw query p50 ${ms(m.floor.p50)}, p99 ${ms(m.floor.p99)}`,
        ratio: ratioOf(m.product.p50, m.floor.p50),
        values: {
          searches: size,
          p50: m.product.p50,
          p99: m.product.p99,
          floorP50: m.floor.p50,
          floorP99: m.floor.p99,
          candidates: m.product.candidates,
          matches: m.product.matches,
        },
      });
      const growth = ratioOf(atLarge.product.p50, atSmall.product.p50);
      const indexGrowth = ratioOf(atElsewhere.product.p50, atSmall.product.p50);
      const perMatch = (m: { product: Timing }) => m.product.p50 / Math.max(1, m.product.matches);
      return [
        row(small, atSmall),
        row(large, atLarge),
        {
          ...row(large, atElsewhere),
          case: `a new listing against ${num(large)} saved searches, ${num(large - small)} of them in other cities (${num(atElsewhere.product.candidates)} candidates, ${num(atElsewhere.product.matches)} matches on average)`,
        },
        {
          bench: 'matching',
          case: `growth, the same matches among 10× the searches: p50 at ${num(large)} (${num(large - small)} elsewhere) ÷ p50 at ${num(small)} (p99 ${num(ratioOf(atElsewhere.product.p99, atSmall.product.p99))}×)`,
          measured: `${ms(atElsewhere.product.p50)} vs ${ms(atSmall.product.p50)}`,
          ratio: indexGrowth,
          target: '≤ 1.5',
          met: judge(ctx, indexGrowth <= 1.5),
          values: { growth: indexGrowth, growthP99: ratioOf(atElsewhere.product.p99, atSmall.product.p99) },
        },
        {
          bench: 'matching',
          case: `growth, 10× the searches in the same market (matches ×${num(ratioOf(atLarge.product.matches, atSmall.product.matches))}, candidates per match ${num(atSmall.product.candidates / Math.max(1, atSmall.product.matches))} → ${num(atLarge.product.candidates / Math.max(1, atLarge.product.matches))}, p50 per match ${ms(perMatch(atSmall))} → ${ms(perMatch(atLarge))}): p50 at ${num(large)} ÷ p50 at ${num(small)} (p99 ${num(ratioOf(atLarge.product.p99, atSmall.product.p99))}×)`,
          measured: `${ms(atLarge.product.p50)} vs ${ms(atSmall.product.p50)}`,
          ratio: growth,
          target: '≤ 1.5',
          met: judge(ctx, growth <= 1.5),
          values: { growth, growthP99: ratioOf(atLarge.product.p99, atSmall.product.p99) },
        },
      ];
    } finally {
      await drop();
    }
  },
};
