import { afterAll, describe, expect, it } from 'vitest';
import {
  killableServer,
  type ServerProcess,
  signUpOverHttp,
  stopServer,
  until,
} from '../../test/server-process.ts';
import { scaled } from '../../test/time-scale.ts';

/**
 * Issue 23: matching listings against saved searches survives a SIGKILL. Thousands of saved
 * searches, a few hundred listings written at once (each queues its matching); the process is
 * killed once some listings were matched and not all; a new process finishes: every listing
 * matched to exactly the searches that want it, each owner told once per listing, nothing lost,
 * nothing twice. Against PostgreSQL (the test reads the database while the process runs).
 */

const adminUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const SEARCHERS = 500;
const LISTINGS = 150;
const TYPES = ['office', 'retail', 'warehouse', 'land', 'medical'];

describe.skipIf(!adminUrl)('saved-search matching killed mid-way (needs DATABASE_URL)', () => {
  it('resumes after a SIGKILL: every match once, every alert once', {
    timeout: scaled(600_000),
  }, async () => {
    const { base, dataDir, boot, db, count } = await killableServer('matching', adminUrl, cleanups, {});
    let server: ServerProcess = await boot();

    const seller = await signUpOverHttp(base, dataDir, 'Kill Test Seller');
    // Searchers, each with one instant search for one type (any city), a fifth of them with a
    // price ceiling; written straight into the tables, slots included, as the API writes them.
    await db.query(
      `with made as (
        insert into users (name, email, phone, phone_normalized, user_type, email_verified_at)
        select 'Searcher ' || i, 'killsearch' || i || '@example.com', '+9667' || lpad(i::text, 8, '0'),
          '+9667' || lpad(i::text, 8, '0'), 'retail', now()
        from generate_series(1, $1::int) i returning id
      ), searches as (
        insert into saved_searches (user_id, name, property_types, currency, price_max, created_at, updated_at)
        select id, 'Search of ' || id, array[($2::text[])[1 + id % 5]],
          case when id % 5 = 0 then 'SAR' end, case when id % 5 = 0 then 500000 end, now(), now()
        from made returning id, property_types
      )
      insert into saved_search_slots (property_type, city_id, purpose, search_id)
      select property_types[1], 0, '', id from searches`,
      [SEARCHERS, TYPES],
    );
    // Listings written at once: each queues its matching (the posts trigger).
    await db.query(
      `insert into posts (user_id, description, property_type, custom_location, price, currency, created_at, updated_at)
       select $1, 'Listing ' || i, ($2::text[])[1 + i % 5], 'Somewhere', 100000 * (1 + i % 10), 'SAR', now(), now()
       from generate_series(1, $3::int) i`,
      [seller.id, TYPES, LISTINGS],
    );
    const expected = `
      select count(*) as n from posts p join saved_searches s on p.property_type = any(s.property_types)
      where p.user_id = $1 and (s.price_max is null or p.price <= s.price_max)`;
    const want = await count(expected, [seller.id]);
    const matched = () => count(`select count(*) as n from saved_search_matches`);
    const waiting = () => count(`select count(*) as n from notification_events where kind = 'match'`);

    let atKill = 0;
    await until(
      'matching to be under way',
      async () => {
        atKill = await matched();
        return atKill > 0 ? true : undefined;
      },
      60_000,
    );
    await stopServer(server, 'SIGKILL');
    atKill = await matched();
    const left = await waiting();
    expect(atKill, 'the kill must land mid-way').toBeGreaterThan(0);
    expect(left, 'the kill must land mid-way').toBeGreaterThan(0);
    // What was written is whole listings: the matches of a listing and its event's deletion are one transaction.
    expect(
      await count(
        `select count(*) as n from posts p where p.user_id = $1
          and exists (select 1 from saved_search_matches m where m.post_id = p.id)
          and exists (select 1 from notification_events e where e.kind = 'match' and e.post_id = p.id)`,
        [seller.id],
      ),
    ).toBe(0);

    server = await boot();
    await until(
      'matching to finish after the restart',
      async () => ((await waiting()) === 0 ? true : undefined),
      300_000,
    );
    expect(await matched()).toBe(want);
    // Exactly the searches that want each listing (none extra, none missing).
    expect(
      await count(
        `select count(*) as n from saved_search_matches m join saved_searches s on s.id = m.search_id
          join posts p on p.id = m.post_id
          where not (p.property_type = any(s.property_types) and (s.price_max is null or p.price <= s.price_max))`,
      ),
    ).toBe(0);
    // Each owner told once per listing, by the seller.
    expect(await count(`select count(*) as n from notifications where kind = 'search'`)).toBe(want);
    expect(
      await count(
        `select count(*) as n from (select recipient_id, post_id from notifications where kind = 'search'
          group by 1, 2 having count(*) > 1) d`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) as n from notification_actors a join notifications n on n.id = a.notification_id
          where n.kind = 'search' and a.actor_id = $1`,
        [seller.id],
      ),
    ).toBe(want);
    console.info(`matching killed at ${atKill} of ${want} matches (${left} of ${LISTINGS} listings left)`);
    await stopServer(server, 'SIGTERM');
  });
});
