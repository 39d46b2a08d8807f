import { LISTING_PURPOSES, type RankedCursor } from '@makan/contract/listing';
import type { Post } from '@makan/contract/posts';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { multipartBody } from '../../test/form.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { BOOST_HOURS } from './posts.feed.ts';
import { createPostsRepository } from './posts.repository.ts';

const HOUR_MS = 3_600_000;
/** The app's clock, moved back to give posts their ages. */
const clock = { shiftMs: 0, now: () => new Date(Date.now() + clock.shiftMs) };
const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
type User = Awaited<ReturnType<typeof signedInUser>>;
/** Has preferences (buy, warehouse, Riyadh) and follows `followed`. */
let viewer: User;
/** Has no preferences and follows nobody. */
let plain: User;
let followed: User;
let stranger: User;
let riyadhId: number;

beforeAll(async () => {
  ({ app, database } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms, clock }));
  await app.ready();
  [viewer, plain, followed, stranger] = [
    await signedInUser(app, messages, { name: 'Feed Viewer' }),
    await signedInUser(app, messages, { name: 'Plain Viewer' }),
    await signedInUser(app, messages, { name: 'Followed Agent' }),
    await signedInUser(app, messages, { name: 'Unknown Agent' }),
  ];
  const cities = await app.inject({ method: 'GET', url: '/api/cities?q=Riyadh' });
  riyadhId = cities.json().data[0].id;
  const saved = await app.inject({
    method: 'POST',
    url: '/api/onboarding/preferences',
    headers: viewer.auth,
    payload: { purpose: 'buy', property_types: ['warehouse'], preferred_locations: [riyadhId] },
  });
  expect(saved.statusCode).toBe(200);
  const follow = await app.inject({
    method: 'POST',
    url: `/api/profiles/${followed.id}/follow`,
    headers: viewer.auth,
  });
  expect(follow.statusCode).toBe(200);
});
afterAll(() => app?.close());

type Fields = Record<string, string>;
const office: Fields = { property_type: 'office', location: 'Olaya', description: 'Plain office' };
/** Everything the viewer chose: a warehouse in Riyadh for sale. */
const wanted = (): Fields => ({
  property_type: 'warehouse',
  location_id: String(riyadhId),
  purpose: 'sale',
  description: 'Warehouse in Riyadh',
});

/** Creates a post `hoursAgo` hours in the past (by the app's clock). */
async function postAt(user: User, hoursAgo: number, fields: Fields): Promise<Post> {
  clock.shiftMs = -hoursAgo * HOUR_MS;
  try {
    const body = await multipartBody(fields, [], 'media[]');
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: body.payload,
      headers: { ...user.auth, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  } finally {
    clock.shiftMs = 0;
  }
}

async function feed(user: User, query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/posts?${query}`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { posts: Post[]; next_cursor: number | string | null };
}
const idsOf = async (user: User, query: string) => (await feed(user, query)).posts.map((p) => p.id);

/** Every post of the database, walking the latest order. */
async function everyPost(): Promise<Post[]> {
  const all: Post[] = [];
  let cursor: number | string | null = null;
  do {
    const page = await feed(stranger, `order=latest&per_page=50${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...page.posts);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

/** What the ranking reads of a post. */
type Ranked = Pick<Post, 'id' | 'user_id' | 'property_type' | 'purpose' | 'created_at'> & {
  location: { id: number } | null;
};

/** The ranked order for `viewer`, computed here from the formula (posts.feed.ts). */
function expectedForViewer(posts: Ranked[]): number[] {
  const us = (hours: number) => hours * HOUR_MS * 1000;
  const score = (p: Ranked) =>
    Date.parse(p.created_at) * 1000 +
    (p.user_id === followed.id || p.user_id === viewer.id ? us(BOOST_HOURS.followed) : 0) +
    (p.property_type === 'warehouse' ? us(BOOST_HOURS.propertyType) : 0) +
    (p.location?.id === riyadhId ? us(BOOST_HOURS.city) : 0) +
    (p.purpose === 'sale' ? us(BOOST_HOURS.purpose) : 0);
  return posts
    .map((p) => ({ id: p.id, score: score(p) }))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .map((p) => p.id);
}

describe('ranked feed', () => {
  it("puts a post matching the viewer's preferences above a newer one that does not", async () => {
    const matching = await postAt(stranger, 3, wanted());
    const newer = await postAt(stranger, 1, office);
    const ranked = await idsOf(viewer, 'order=ranked&per_page=50');
    expect(ranked.indexOf(matching.id)).toBeLessThan(ranked.indexOf(newer.id));
    // Without preferences, ranked is newest first.
    const unranked = await idsOf(plain, 'order=ranked&per_page=50');
    expect(unranked.indexOf(newer.id)).toBeLessThan(unranked.indexOf(matching.id));
    // Latest is newest first for everyone.
    const latest = await idsOf(viewer, 'order=latest&per_page=50');
    expect(latest.indexOf(newer.id)).toBeLessThan(latest.indexOf(matching.id));
    expect(latest).toEqual([...latest].sort((a, b) => b - a));
  });

  it('boosts followed accounts and still lets new posts through', async () => {
    const fromFollowed = await postAt(followed, 8, office);
    const recent = await postAt(stranger, 1, office);
    // Followed and matching everything, but older than the largest boost.
    const old = await postAt(followed, 30, wanted());
    const fresh = await postAt(stranger, 0, office);
    const older = await postAt(stranger, 4, office);
    const ranked = await idsOf(viewer, 'order=ranked&per_page=50');
    expect(ranked.indexOf(fromFollowed.id)).toBeLessThan(ranked.indexOf(recent.id));
    // 30 hours old with 27 hours of boosts ranks like a 3-hour-old post: below plain posts of
    // the last hours, above older ones.
    expect(ranked.indexOf(fresh.id)).toBeLessThan(ranked.indexOf(old.id));
    expect(ranked.indexOf(recent.id)).toBeLessThan(ranked.indexOf(old.id));
    expect(ranked.indexOf(old.id)).toBeLessThan(ranked.indexOf(older.id));
    const unranked = await idsOf(plain, 'order=ranked&per_page=50');
    expect(unranked.indexOf(recent.id)).toBeLessThan(unranked.indexOf(fromFollowed.id));
  });

  it('is ranked by default for a viewer with preferences, latest otherwise and on one author', async () => {
    const all = await everyPost();
    expect(await idsOf(viewer, 'per_page=50')).toEqual(expectedForViewer(all).slice(0, 50));
    const newestFirst = all.map((p) => p.id);
    expect(await idsOf(plain, 'per_page=50')).toEqual(newestFirst.slice(0, 50));
    const byFollowed = all.filter((p) => p.user_id === followed.id).map((p) => p.id);
    expect(await idsOf(viewer, `author=${followed.id}`)).toEqual(byFollowed);
    expect(typeof (await feed(viewer, 'per_page=1')).next_cursor).toBe('string');
    expect(typeof (await feed(plain, 'per_page=1')).next_cursor).toBe('number');
  });

  it('filters in both orders', async () => {
    const all = await everyPost();
    const warehouses = all.filter((p) => p.property_type === 'warehouse');
    expect(warehouses.length).toBeGreaterThan(1);
    expect(await idsOf(viewer, 'order=ranked&property_type=warehouse')).toEqual(
      expectedForViewer(warehouses).slice(0, 10),
    );
    expect(await idsOf(viewer, 'order=latest&property_type=warehouse')).toEqual(
      warehouses.map((p) => p.id).slice(0, 10),
    );
    const offices = all.filter((p) => p.property_type === 'office' && p.user_id === followed.id);
    expect(await idsOf(viewer, `order=ranked&property_type=office&author=${followed.id}`)).toEqual(
      expectedForViewer(offices),
    );
  });

  it('pages every post that existed at the first page exactly once, in order, while new posts arrive', async () => {
    // Posts whose ids and times disagree, spread over three days, matching in every combination.
    const authors = [followed, stranger, plain];
    for (let i = 0; i < 24; i++) {
      const hoursAgo = (i * 37) % 72;
      const fields = {
        ...(i % 2 ? wanted() : office),
        ...(i % 3 === 0 ? { purpose: 'rent' } : {}),
        ...(i % 5 === 0 ? { property_type: 'warehouse' } : {}),
        description: `Paged listing ${i}`,
      };
      await postAt(authors[i % 3] as User, hoursAgo, fields);
    }
    const existing = await everyPost();
    const expected = expectedForViewer(existing);

    const seen: number[] = [];
    let cursor: number | string | null = null;
    let pages = 0;
    do {
      const page = await feed(viewer, `order=ranked&per_page=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.next_cursor;
      pages += 1;
      // New posts keep arriving: the best a post can be (now, followed, matching everything), and
      // an old-dated one that would sort into pages already read and pages still to come.
      await postAt(followed, 0, wanted());
      await postAt(stranger, (pages * 7) % 60, wanted());
    } while (cursor);
    expect(pages).toBeGreaterThan(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);

    // A new first page shows what arrived meanwhile.
    const top = await idsOf(viewer, 'order=ranked&per_page=5');
    expect(existing.map((p) => p.id)).not.toContain(top[0]);
  });

  it('continues a cursor in its own order and refuses a malformed one', async () => {
    const first = await feed(viewer, 'order=ranked&per_page=3');
    const ranked = await feed(viewer, `order=ranked&per_page=3&cursor=${first.next_cursor}`);
    const asLatest = await feed(viewer, `order=latest&per_page=3&cursor=${first.next_cursor}`);
    expect(asLatest.posts.map((p) => p.id)).toEqual(ranked.posts.map((p) => p.id));
    for (const bad of ['abc', '1.2', '1.2.3.4', '-5', '99999999999999999.1.1']) {
      const res = await app.inject({ method: 'GET', url: `/api/posts?cursor=${bad}`, headers: viewer.auth });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('runs one query a ranked page (photos in it), whatever its size', async () => {
    let queries = 0;
    const repo = createPostsRepository(database.db, {
      onQuery: () => {
        queries += 1;
      },
    });
    for (const limit of [1, 5, 20]) {
      queries = 0;
      const page = await repo.rankedFeed({ filters: {}, limit, viewerId: viewer.id });
      expect(page.rows).toHaveLength(limit);
      expect(queries).toBe(1);
    }
  });
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

/** Every node of an EXPLAIN (FORMAT JSON). */
function planNodes(explain: unknown): PlanNode[] {
  const [row] = explain as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
  const nodes: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(row['QUERY PLAN'][0].Plan);
  return nodes;
}

describe('ranked feed at 20,000 posts', () => {
  const POSTS = 20_000;
  let cityIds: number[];
  beforeAll(async () => {
    const { db } = database;
    const cityRows = z
      .object({ rows: z.array(z.object({ id: z.coerce.number() })) })
      .parse(await db.execute(sql`select id from cities where id <> ${riyadhId} order by id limit 4`));
    cityIds = [riyadhId, ...cityRows.rows.map((r) => r.id)];
    // Ids and times disagree (a post's time is a shuffle of its id), two minutes apart on average.
    await db.execute(sql`insert into posts (user_id, property_type, city_id, purpose, search_text, created_at)
      select (${`{${[viewer, plain, followed, stranger].map((u) => u.id).join(',')}}`}::int[])[1 + g % 4],
        (array['warehouse', 'office', 'retail'])[1 + g % 3],
        (${`{${cityIds.join(',')}}`}::int[])[1 + g % 5],
        (array['sale', 'rent', 'wanted', null])[1 + g % 7 % 4],
        '', now() - interval '1 day' - ((g * 7919) % ${POSTS}) * interval '2 minutes'
      from generate_series(1, ${POSTS}::int) g`);
    await db.execute(sql`vacuum analyze posts`);
  }, 120_000);

  it('walks posts by time on posts_feed_rank_idx, never the whole table', async () => {
    const repo = createPostsRepository(database.db);
    const first = await repo.rankedFeed({ filters: {}, limit: 10, viewerId: viewer.id });
    const cursor = first.nextCursor ?? undefined;
    expect(cursor).toBeDefined();
    for (const query of [
      { filters: {}, limit: 10, viewerId: viewer.id },
      { filters: {}, limit: 10, viewerId: viewer.id, cursor },
      { filters: { purpose: 'rent' as const }, limit: 10, viewerId: viewer.id, cursor },
    ]) {
      const nodes = planNodes(await repo.explainRankedFeed(query));
      const onPosts = nodes.filter((n) => n['Relation Name'] === 'posts');
      expect(onPosts.some((n) => n['Index Name'] === 'posts_feed_rank_idx')).toBe(true);
      expect(onPosts.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    }
  });

  it('gives the exact ranked order page after page', async () => {
    const repo = createPostsRepository(database.db);
    const rows = z
      .object({
        rows: z.array(
          z.object({
            id: z.coerce.number(),
            user_id: z.coerce.number(),
            property_type: z.enum(PROPERTY_TYPES),
            city_id: z.coerce.number().nullable(),
            purpose: z.enum(LISTING_PURPOSES).nullable(),
            created_at: z.coerce.date(),
          }),
        ),
      })
      .parse(
        await database.db.execute(
          sql`select id, user_id, property_type, city_id, purpose, created_at from posts`,
        ),
      );
    const all = rows.rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      property_type: r.property_type,
      location: r.city_id === null ? null : { id: r.city_id },
      purpose: r.purpose,
      created_at: r.created_at.toISOString(),
    }));
    const expected = expectedForViewer(all);
    const seen: number[] = [];
    let cursor: RankedCursor | undefined;
    for (let page = 0; page < 30; page++) {
      const result = await repo.rankedFeed({ filters: {}, limit: 50, viewerId: viewer.id, cursor });
      seen.push(...result.rows.map((r) => r.id));
      cursor = result.nextCursor ?? undefined;
    }
    expect(seen).toEqual(expected.slice(0, seen.length));
  });
});
