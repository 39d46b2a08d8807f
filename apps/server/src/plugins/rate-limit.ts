import type { Clock } from '../lib/clock.ts';
import { TooManyRequests } from '../lib/errors.ts';

/**
 * Fixed-window counters kept in this process. `hit(key)` throws 429 with Retry-After once a key
 * has used its budget in the current window.
 */
export function createRateLimiter({
  limit,
  windowMs,
  clock,
}: {
  limit: number;
  windowMs: number;
  clock: Clock;
}) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key: string) {
      const now = clock.now().getTime();
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
        if (windows.size > 10_000) {
          for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
        }
      }
      w.count += 1;
      if (w.count > limit) throw new TooManyRequests(Math.ceil((w.start + windowMs - now) / 1000));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
