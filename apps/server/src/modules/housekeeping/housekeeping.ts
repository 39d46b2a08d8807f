import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { IDEMPOTENCY_KEPT_MS } from '../idempotency/idempotency.ts';

/** How often the rows nothing can use any more are deleted. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
/** Rate-limit counters are kept this long after their window began: longer than the longest rule (24 h). */
const COUNTERS_KEPT_MS = 25 * 60 * 60_000;

export type HousekeepingDeps = {
  clock: Clock;
  deleteCounters: (before: Date) => Promise<number>;
  deleteExpiredAuth: (now: Date) => Promise<number>;
  /** Idempotency-Key claims past their 24 hours. */
  deleteIdempotencyKeys: (before: Date) => Promise<number>;
};

/** One pass: rate-limit counters past their window, expired sessions, reset proofs and codes, old idempotency keys. */
export async function runHousekeeping({
  clock,
  deleteCounters,
  deleteExpiredAuth,
  deleteIdempotencyKeys,
}: HousekeepingDeps) {
  const now = clock.now();
  const counters = await deleteCounters(new Date(now.getTime() - COUNTERS_KEPT_MS));
  const auth = await deleteExpiredAuth(now);
  const idempotencyKeys = await deleteIdempotencyKeys(new Date(now.getTime() - IDEMPOTENCY_KEPT_MS));
  return { counters, auth, idempotencyKeys };
}

/**
 * Runs a pass once the server listens and then every hour, in the background; `stop` waits for a
 * pass under way. A failed pass is logged and tried again at the next hour.
 */
export function scheduleHousekeeping(
  deps: HousekeepingDeps & {
    log: Pick<Logger, 'info' | 'warn'>;
  },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const pass = () => {
    running = runHousekeeping(deps)
      .then((removed) => {
        if (removed.counters + removed.auth + removed.idempotencyKeys > 0)
          deps.log.info(removed, 'housekeeping: old rows deleted');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'housekeeping failed'));
  };
  return {
    start() {
      pass();
      timer = setInterval(pass, HOUSEKEEPING_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
