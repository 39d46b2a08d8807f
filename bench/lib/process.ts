import { readFileSync } from 'node:fs';

/** Resident set size of a process now, and its peak (VmHWM), in bytes, from /proc. */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) =>
    Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * Samples a process's RSS every `everyMs` until stopped, and returns the highest seen
 * (VmHWM would do, but it cannot be reset between phases of one process).
 */
export function sampleRss(pid: number, everyMs = 25) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, processMemory(pid).rss);
    } catch {
      // process gone
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
