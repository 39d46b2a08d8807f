/**
 * `npm run bench [-- name…] [--size=smoke|10k|100k|1m] [--smoke]`: runs the benchmarks on PGlite, or on
 * PostgreSQL when DATABASE_URL is set, prints one Markdown table and writes it to bench/results/.
 */
import os from 'node:os';
import { capacityBench } from './capacity.ts';
import { fanoutBench } from './fanout.ts';
import { growthBench } from './growth.ts';
import { httpBench } from './http.ts';
import { type Bench, type BenchContext, SIZES, type SizeName } from './lib/context.ts';
import { markdownTable, type Row, writeResults } from './lib/report.ts';
import { matchingBench } from './matching.ts';
import { realtimeBench } from './realtime.ts';
import { uploadsBench } from './uploads.ts';
import { webBench } from './web.ts';
import { webCompareBench } from './web-compare.ts';

const benches: Bench[] = [
  httpBench,
  growthBench,
  realtimeBench,
  uploadsBench,
  webBench,
  webCompareBench,
  fanoutBench,
  capacityBench,
  matchingBench,
];

function parseArgs(argv: string[]) {
  const names: string[] = [];
  let size: SizeName | undefined;
  let smoke = false;
  for (const arg of argv) {
    if (arg === '--smoke') smoke = true;
    else if (arg.startsWith('--size=')) {
      const value = arg.slice('--size='.length).toLowerCase();
      if (!(value in SIZES)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
      size = value as SizeName;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else names.push(arg);
  }
  if (smoke) size = 'smoke';
  return { names, size: size ?? '10k' };
}

async function main() {
  const { names, size } = parseArgs(process.argv.slice(2));
  const known = new Map(benches.map((b) => [b.name, b]));
  for (const n of names)
    if (!known.has(n)) throw new Error(`unknown benchmark ${n}; known: ${[...known.keys()].join(', ')}`);
  const selected = names.length ? benches.filter((b) => names.includes(b.name)) : benches;
  const adminUrl = process.env.DATABASE_URL || undefined;
  const smoke = size === 'smoke';
  const ctx: BenchContext = {
    db: adminUrl ? 'postgres' : 'pglite',
    adminUrl,
    size,
    posts: SIZES[size],
    smoke,
    seconds: smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 10),
    connections: smoke ? 10 : 50,
    log: (m) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`),
  };
  const started = performance.now();
  const rows: Row[] = [];
  for (const bench of selected) {
    ctx.log(`${bench.name}: ${bench.describe}`);
    const t = performance.now();
    rows.push(...(await bench.run(ctx)));
    ctx.log(`${bench.name}: done in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  const table = markdownTable(rows);
  console.log(table);
  const file = writeResults(
    {
      date: new Date().toISOString().slice(0, 10),
      db: ctx.db,
      size,
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(2)}`,
      benches: selected.map((b) => b.name),
      partial: selected.length < benches.length,
      seconds: (performance.now() - started) / 1000,
    },
    rows,
  );
  ctx.log(`written to ${file}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
