import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time under `entry` (a file or a folder, node_modules and dist left out). */
function newestChange(entry: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

/**
 * Runs `build` unless `output` is newer than every file of `inputs` (a build a moment ago, such as
 * CI's `npm test`, already holds today's code). BENCH_REBUILD=1 always builds.
 */
export function buildUnlessCurrent(output: string, inputs: string[], build: () => void): 'built' | 'current' {
  if (process.env.BENCH_REBUILD !== '1') {
    let built = 0;
    try {
      built = statSync(output).mtimeMs;
    } catch {
      built = 0;
    }
    if (built > 0 && inputs.every((input) => newestChange(input) < built)) return 'current';
  }
  build();
  return 'built';
}
