import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';

export function createRateLimitRepository(db: Database) {
  /**
   * Runs on every limited request (each sign-in, code and write): a named prepared statement, built
   * once and planned once per connection (building it per call was a fifth of the CPU of a refused guess).
   */
  const expired = sql`${rateLimits.windowStart} <= ${sql.placeholder('expiredAtOrBefore')}::timestamptz`;
  const upsert = db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      windowStart: sql`${sql.placeholder('now')}::timestamptz`,
      count: 1,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .prepare('rate_limit_increment');
  return {
    /**
     * Adds one to the key's counter in one statement (safe across processes); a window older than
     * windowMs starts again at 1. Returns the count and when the window began.
     */
    async increment(key: string, now: Date, windowMs: number): Promise<{ count: number; windowStart: Date }> {
      const [row] = await upsert.execute({
        key,
        now: now.toISOString(),
        expiredAtOrBefore: new Date(now.getTime() - windowMs).toISOString(),
      });
      if (!row) throw new Error('rate limit upsert returned no row');
      return row;
    },
    async read(key: string): Promise<{ count: number; windowStart: Date } | undefined> {
      const [row] = await db
        .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      return row;
    },
    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    /** Deletes counters whose window began before `before` (past every rule's window). */
    async deleteOlderThan(before: Date): Promise<number> {
      const rows = await db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStart, before))
        .returning({ key: rateLimits.key });
      return rows.length;
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
