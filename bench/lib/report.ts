import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One line of the results table: what was measured, beside the ceiling (or floor) measured in the same
 * run, and their ratio. `values` keeps the raw numbers for the JSON file.
 */
export type Row = {
  bench: string;
  case: string;
  /** The measured figure, formatted for people ("1 234 req/s, p50 4.1 ms, p99 9.8 ms"). */
  measured: string;
  /** The ceiling or floor it is compared with, formatted the same way. */
  baseline?: string;
  /** measured ÷ baseline, in the direction `target` reads. */
  ratio?: number;
  /** The goal for the ratio or the figure, e.g. "≥ 0.60" or "≤ 300 MB". */
  target?: string;
  /** Whether the target holds; undefined where there is no target. */
  met?: boolean;
  values: Record<string, number | string>;
};

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(benchDir, 'results');

const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const num = (n: number) => fmt.format(n);
export const ms = (n: number) => `${fmt.format(n)} ms`;
export const mb = (bytes: number) => `${fmt.format(bytes / 1024 / 1024)} MB`;
export const kb = (bytes: number) => `${fmt.format(bytes / 1024)} KB`;

const cell = (v: string | undefined) => (v ?? '').replaceAll('|', '\\|');

export function markdownTable(rows: Row[]): string {
  const head = '| Benchmark | Case | Measured | Ceiling / floor (same run) | Ratio | Target | Met |';
  const line = '|---|---|---|---|---:|---|:-:|';
  const body = rows.map((r) =>
    [
      r.bench,
      r.case,
      r.measured,
      r.baseline,
      r.ratio === undefined ? '' : fmt.format(r.ratio),
      r.target,
      r.met === undefined ? '' : r.met ? 'yes' : '**no**',
    ]
      .map(cell)
      .join(' | '),
  );
  return [head, line, ...body.map((b) => `| ${b} |`)].join('\n');
}

export type RunInfo = {
  date: string;
  db: 'pglite' | 'postgres';
  size: string;
  machine: string;
  benches: string[];
  /** Only some of the benches ran: their names go into the file's name. */
  partial: boolean;
  seconds: number;
};

/**
 * Writes bench/results/<date>-<db>[-<size>][-<benches>][-<BENCH_RESULTS_SUFFIX>].md and .json and
 * returns the Markdown path. The benches are named when only some ran, and the suffix names a run,
 * so that a run never writes over the day's other results (a realtime run once replaced an http
 * run's table: same date, engine and suffix).
 */
export function writeResults(info: RunInfo, rows: Row[]): string {
  mkdirSync(resultsDir, { recursive: true });
  const named = process.env.BENCH_RESULTS_SUFFIX?.replace(/[^a-z0-9-]/gi, '');
  const suffix = [
    info.size === '10k' ? '' : `-${info.size}`,
    info.partial ? `-${info.benches.join('-')}` : '',
    named ? `-${named}` : '',
  ].join('');
  const base = path.join(resultsDir, `${info.date}-${info.db}${suffix}`);
  const title = `# Makan benchmarks, ${info.date}, ${info.db === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`;
  const md = [
    title,
    '',
    `Size ${info.size}; ${info.benches.join(', ')}; ${info.machine}; ${Math.round(info.seconds)} s in all.`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
  writeFileSync(`${base}.md`, md);
  writeFileSync(`${base}.json`, `${JSON.stringify({ ...info, rows }, null, 2)}\n`);
  return `${base}.md`;
}

/** a ÷ b, or NaN when b is 0. */
export const ratioOf = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);
