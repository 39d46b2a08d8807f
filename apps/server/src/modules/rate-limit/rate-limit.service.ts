import type { Clock } from '../../lib/clock.ts';
import { type Text, TooManyRequests } from '../../lib/errors.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

export type Rule = {
  limit: number;
  windowMs: number;
  message?: Text | ((retryAfterSeconds: number) => Text);
};

/**
 * Fixed-window limits kept in the database, so every server process counts together. `hit`
 * counts one use and throws 429 (with Retry-After) past the limit; `check` only looks.
 */
export function createRateLimits({ repo, clock }: { repo: RateLimitRepository; clock: Clock }) {
  const refuse = (rule: Rule, windowStart: Date): never => {
    const now = clock.now().getTime();
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000));
    const message = typeof rule.message === 'function' ? rule.message(retryAfter) : rule.message;
    throw new TooManyRequests(retryAfter, message);
  };
  const isLive = (rule: Rule, windowStart: Date) =>
    clock.now().getTime() - windowStart.getTime() < rule.windowMs;
  return {
    async hit(key: string, rule: Rule): Promise<number> {
      const { count, windowStart } = await repo.increment(key, clock.now(), rule.windowMs);
      if (count > rule.limit) refuse(rule, windowStart);
      return count;
    },
    /** Throws when the key has already used its budget in the live window; counts nothing. */
    async check(key: string, rule: Rule): Promise<number> {
      const row = await repo.read(key);
      if (!row || !isLive(rule, row.windowStart)) return 0;
      if (row.count >= rule.limit) refuse(rule, row.windowStart);
      return row.count;
    },
    /** How many uses the key has in its live window; refuses nothing. */
    async count(key: string, rule: Rule): Promise<number> {
      const row = await repo.read(key);
      return row && isLive(rule, row.windowStart) ? row.count : 0;
    },
    /** Counts one use without refusing (e.g. a failure recorded after the answer is known). */
    async record(key: string, rule: Rule): Promise<number> {
      return (await repo.increment(key, clock.now(), rule.windowMs)).count;
    },
    clear: (key: string) => repo.clear(key),
    deleteOlderThan: (before: Date) => repo.deleteOlderThan(before),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
