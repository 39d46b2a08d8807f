import type { RateLimitRepository } from './rate-limit.repository.ts';

type Counter = { count: number; windowStart: Date };

/**
 * The same fixed windows as the database and Redis counters, kept in this process's memory. For
 * limits on a hot path (every chat message) where a round trip per use would cost more than the
 * work it guards: each process counts on its own, so a user spread over N processes gets N times
 * the budget, which is acceptable for flood limits set far above human use.
 */
export function createMemoryRateLimitRepository(): RateLimitRepository {
  const counters = new Map<string, Counter>();
  return {
    async increment(key, now, windowMs) {
      const current = counters.get(key);
      if (!current || current.windowStart.getTime() <= now.getTime() - windowMs) {
        const fresh = { count: 1, windowStart: now };
        counters.set(key, fresh);
        return { ...fresh };
      }
      current.count += 1;
      return { ...current };
    },
    async read(key) {
      const current = counters.get(key);
      return current ? { ...current } : undefined;
    },
    async clear(key) {
      counters.delete(key);
    },
    async deleteOlderThan(before) {
      let deleted = 0;
      for (const [key, counter] of counters) {
        if (counter.windowStart < before) {
          counters.delete(key);
          deleted += 1;
        }
      }
      return deleted;
    },
  };
}
