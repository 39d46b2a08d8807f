/**
 * Background work that shares a process (and its database) with requests: after each step of it,
 * a rest in proportion to the time the step took, so the work keeps to `share` of the wall time
 * (0.5: as long a rest as the step; 1: none) and the requests that came meanwhile go first. A
 * rest is never longer than `maxRestMs`.
 */
export function createPacer({ share, maxRestMs = 1_000 }: { share: number; maxRestMs?: number }) {
  const ratio = share >= 1 ? 0 : (1 - share) / share;
  return {
    /** Runs `step`, then rests; answers what `step` answered. */
    async step<T>(step: () => Promise<T>): Promise<T> {
      const started = performance.now();
      const value = await step();
      const rest = Math.min((performance.now() - started) * ratio, maxRestMs);
      // Even with nothing to rest, what waits in the event loop goes first.
      await new Promise((resolve) => (rest >= 1 ? setTimeout(resolve, rest) : setImmediate(resolve)));
      return value;
    },
  };
}
