import { Redis } from 'ioredis';
import type { Logger } from '../../lib/logger.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

/**
 * The same fixed windows as the database counters (a window starts at its first hit, by the
 * server's clock), in one Lua step so processes never race: the hash holds the window start `s`
 * and the count `c`, and expires when its window is over.
 */
const INCREMENT = `
local start = tonumber(redis.call('HGET', KEYS[1], 's'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count
if (not start) or start <= now - window then
  start = now
  count = 1
  redis.call('HSET', KEYS[1], 's', start, 'c', 1)
else
  count = redis.call('HINCRBY', KEYS[1], 'c', 1)
end
local ttl = start + window - now
if ttl < 1000 then ttl = 1000 end
redis.call('PEXPIRE', KEYS[1], ttl)
return {count, tostring(start)}
`;

type WithIncrement = Redis & {
  rateIncrement: (key: string, now: string, windowMs: string) => Promise<[number, string]>;
};

/**
 * Rate-limit counters in Redis (when REDIS_URL is set), shared by every process like the database
 * ones but without a write to the database per login or code. Redis is an accelerator here, not a
 * single point of failure: while it cannot be reached, each call is answered by the database
 * counters instead (commands fail at once rather than queue), so limits still hold across processes.
 */
export function createRedisRateLimitRepository({
  url,
  prefix,
  fallback,
  log,
}: {
  url: string;
  prefix: string;
  fallback: RateLimitRepository;
  log: Pick<Logger, 'info' | 'warn'>;
}): RateLimitRepository & { close: () => Promise<void> } {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as WithIncrement;
  redis.defineCommand('rateIncrement', { numberOfKeys: 1, lua: INCREMENT });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err: err.message }, 'redis rate limits unreachable: counting in the database');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info({ prefix }, 'redis rate limits back');
    down = false;
  });
  const keyOf = (key: string) => `${prefix}:rate:${key}`;

  /** Runs on Redis when it is ready, on the database otherwise or when the command fails. */
  async function either<T>(onRedis: () => Promise<T>, onDatabase: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') return onDatabase();
    try {
      return await onRedis();
    } catch (err) {
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'redis rate limit call failed: counting in the database',
      );
      return onDatabase();
    }
  }

  return {
    increment: (key, now, windowMs) =>
      either(
        async () => {
          const [count, start] = await redis.rateIncrement(
            keyOf(key),
            String(now.getTime()),
            String(windowMs),
          );
          return { count: Number(count), windowStart: new Date(Number(start)) };
        },
        () => fallback.increment(key, now, windowMs),
      ),
    read: (key) =>
      either(
        async () => {
          const [start, count] = await redis.hmget(keyOf(key), 's', 'c');
          if (start === null || count === null) return undefined;
          return { count: Number(count), windowStart: new Date(Number(start)) };
        },
        () => fallback.read(key),
      ),
    clear: (key) =>
      either(
        async () => {
          await redis.del(keyOf(key));
          // A count made in the database during an outage must not outlive a clear either.
          await fallback.clear(key);
        },
        () => fallback.clear(key),
      ),
    // Redis keys expire with their window; only counts made in the database during an outage remain.
    deleteOlderThan: (before) => fallback.deleteOlderThan(before),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
