import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database under a burst of queries', () => {
  it('lets the event loop turn between queries, so waiting requests are read and answered meanwhile', async () => {
    // What a request arriving during a burst needs: the loop to reach its I/O and check phases.
    const turns: number[] = [];
    let done = false;
    const watch = () =>
      setImmediate(() => {
        turns.push(performance.now());
        if (!done) watch();
      });
    watch();
    for (let i = 0; i < 50; i++) await database.db.execute(sql`select ${i}::int as n`);
    done = true;
    // Without turns the 50 queries ran back to back inside one turn (the watcher saw 1 or 2).
    expect(turns.length).toBeGreaterThanOrEqual(50);
  });
});
