import { describeShares, readProfile } from './lib/cpu-profile.ts';

/**
 * Where a process's main thread went over a whole CPU profile (or the stretch given in monotonic µs),
 * by the categories of lib/cpu-profile.ts, idle left out so the shares are of the busy time:
 *   node --import tsx bench/profile-shares.ts <file.cpuprofile> [from] [to]
 * (a server's profile from BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=…', for the benches
 * that do not split it per case themselves as `http` does with BENCH_PROFILE=1).
 */
const [file, from, to] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node --import tsx bench/profile-shares.ts <file.cpuprofile> [from] [to]\n');
  process.exit(2);
}
const shares = readProfile(file).window(Number(from ?? 0), Number(to ?? Number.MAX_SAFE_INTEGER));
const idle = shares.find((s) => s.category === 'idle')?.share ?? 0;
const busy = shares
  .filter((s) => s.category !== 'idle')
  .map((s) => ({ category: s.category, share: s.share / Math.max(1e-9, 1 - idle) }));
process.stdout.write(`idle ${Math.round(idle * 100)} %; of the busy time: ${describeShares(busy)}\n`);
