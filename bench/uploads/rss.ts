import { processMemory } from '../lib/process.ts';

/** Samples a process's RSS every `everyMs` and keeps the whole series (bytes), to tell idle from peak. */
export function rssSeries(pid: number, everyMs = 25) {
  const samples: number[] = [];
  const take = () => {
    try {
      samples.push(processMemory(pid).rss);
    } catch {
      // the process is gone
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return { samples, peak: Math.max(0, ...samples) };
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The RSS of a process at rest: the median of `ms` of samples. */
export async function idleRss(pid: number, ms = 1000): Promise<number> {
  const series = rssSeries(pid);
  await sleep(ms);
  const { samples } = series.stop();
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
