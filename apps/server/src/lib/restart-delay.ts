/**
 * How long to wait before starting a process again that ended on its own: 0.5 s after the first death,
 * doubling while it keeps dying soon after each start (a crash at start-up, a port taken, a bad setting),
 * up to 30 s; a process that stayed up `stableMs` earns the short wait again. Used by the supervisor
 * (the serving process) and by the embedded database's host (its process). Imports nothing, so the
 * supervisor stays small.
 */
export function restartDelays({ firstMs = 500, maxMs = 30_000, stableMs = 30_000 } = {}) {
  let delay = firstMs;
  return {
    /**
     * The wait before the next start, for a process that ended after serving for `upMs` (0 for one that
     * never got to serve: its start-up time, long on a busy machine, is not a stable life).
     */
    next(upMs: number): number {
      if (upMs >= stableMs) delay = firstMs;
      const wait = delay;
      delay = Math.min(delay * 2, maxMs);
      return wait;
    },
  };
}
