/** Percentile (0–100) of a list of numbers, nearest-rank; NaN for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  count: number;
  errors: number;
  /** The measured stretch on the monotonic clock, in µs (lib/cpu-profile.ts), where it is known. */
  window?: { from: number; to: number };
};

/**
 * Runs `task` from `concurrency` workers for `seconds` and reports throughput and latency, as
 * autocannon does for HTTP: used for ceilings that are not HTTP (raw SQL, raw Socket.IO echo).
 */
export async function closedLoop(
  /** Called with the worker's number (0 … concurrency − 1), as autocannon's connections each have theirs. */
  task: (worker: number) => Promise<unknown>,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async (_: unknown, index: number) => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await task(index);
        latencies.push(performance.now() - t);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    errors,
  };
}
