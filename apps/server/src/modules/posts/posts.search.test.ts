import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createPostsRepository, SEARCH_WINDOW } from './posts.repository.ts';
import { searchTextOf, toTsQuery, withoutArabicPrefix } from './posts.search.ts';

describe('Arabic folding for search', () => {
  it('drops و, ال, وال, بال prefixes but keeps short words whole', () => {
    expect(withoutArabicPrefix('والمكاتب')).toBe('مكاتب');
    expect(withoutArabicPrefix('بالرياض')).toBe('رياض');
    expect(withoutArabicPrefix('المستودع')).toBe('مستودع');
    expect(withoutArabicPrefix('ومحل')).toBe('محل');
    expect(withoutArabicPrefix('ال')).toBe('ال');
    expect(withoutArabicPrefix('office')).toBe('office');
  });

  it('indexes the word and its bare form; queries either, the last word also as a prefix', () => {
    expect(searchTextOf(['المَكتبة الكبيرة', null, 'Office'])).toBe('المكتبه مكتبه الكبيره كبيره office');
    expect(toTsQuery('  والمكتبة office ')).toBe('(والمكتبه | مكتبه) & office:*');
    expect(toTsQuery('office والمكتبة')).toBe('office & (والمكتبه:* | مكتبه:*)');
    expect(toTsQuery('Cowork')).toBe('cowork:*');
    expect(toTsQuery('مستود')).toBe('مستود:*');
    expect(toTsQuery('!!! ...')).toBeNull();
    // Nothing of tsquery's syntax survives folding; a one-letter last word is matched whole.
    expect(toTsQuery("a & b | !c:* 'd'")).toBe('a & b & c & d');
  });
});

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  const { db } = database;
  await db.execute(sql`insert into users (name, email, phone, phone_normalized, user_type)
    values ('Plan Tester', 'plan@example.com', '+966500000000', '+966500000000', 'retail')`);
  // Many posts sharing common words, one with a rare word, like a real feed.
  await db.execute(sql`insert into posts (user_id, property_type, custom_location, search_text, search_vector, created_at)
    select u.id, 'office', 'Olaya', t.text, to_tsvector('simple', t.text), now() - (g || ' minutes')::interval
    from users u, generate_series(1, 20000) g,
      lateral (select 'office space for rent riyadh listing block' || (g % 500) as text) t
    where u.email = 'plan@example.com'`);
  await db.execute(sql`insert into posts (user_id, property_type, custom_location, search_text, search_vector)
    select id, 'land', 'Olaya', 'zzqrare plot', to_tsvector('simple', 'zzqrare plot') from users where email = 'plan@example.com'`);
  // As autovacuum would: flush the GIN pending list and gather statistics.
  await db.execute(sql`vacuum analyze posts`);
}, 120_000);
afterAll(() => database?.close());

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Plan Rows': number; Plans?: PlanNode[] };

/** The row limit above every walk of the primary key (the feed order) in an EXPLAIN (FORMAT JSON). */
function primaryKeyWalks(explain: unknown): number[] {
  const [row] = explain as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
  const limits: number[] = [];
  const visit = (node: PlanNode, parent: PlanNode | undefined) => {
    if (node['Index Name'] === 'posts_pkey')
      limits.push(parent?.['Node Type'] === 'Limit' ? parent['Plan Rows'] : Infinity);
    for (const child of node.Plans ?? []) visit(child, node);
  };
  visit(row['QUERY PLAN'][0].Plan, undefined);
  return limits;
}

describe('search query plan', () => {
  it('finds a rare word through the GIN index, walking no more than the newest posts window', async () => {
    const repo = createPostsRepository(database.db);
    const tsQuery = toTsQuery('zzqrare');
    if (!tsQuery) throw new Error('no query');
    const plan = JSON.stringify(await repo.explainSearch(tsQuery, 10));
    expect(plan).toContain('posts_search_vector_idx');
    expect(plan).not.toContain('"Seq Scan"');
    // The only walk of the feed order is the bounded window of the newest posts.
    expect(primaryKeyWalks(await repo.explainSearch(tsQuery, 10))).toEqual([SEARCH_WINDOW]);
    const ids = await repo.searchIds(tsQuery, 10, 0);
    expect(ids).toHaveLength(1);
    const common = await repo.searchIds(toTsQuery('riyadh office') ?? '', 10, 0);
    expect(common).toHaveLength(10);
  });

  it('finds a rare prefix through the GIN index too, and a common one among the newest posts', async () => {
    const repo = createPostsRepository(database.db);
    const tsQuery = toTsQuery('zzqra');
    expect(tsQuery).toBe('zzqra:*');
    if (!tsQuery) throw new Error('no query');
    const explain = await repo.explainSearch(tsQuery, 10);
    const plan = JSON.stringify(explain);
    expect(plan).toContain('posts_search_vector_idx');
    expect(plan).not.toContain('"Seq Scan"');
    expect(primaryKeyWalks(explain)).toEqual([SEARCH_WINDOW]);
    expect(await repo.searchIds(tsQuery, 10, 0)).toHaveLength(1);
    expect(await repo.searchIds(toTsQuery('office bloc') ?? '', 10, 0)).toHaveLength(10);
  });
});
