import type { Row } from './report.ts';

export const SIZES = { smoke: 500, '10k': 10_000, '100k': 100_000, '1m': 1_000_000 } as const;
export type SizeName = keyof typeof SIZES;

/** What every benchmark gets: which database, how big, how long to load, and a logger. */
export type BenchContext = {
  db: 'pglite' | 'postgres';
  /** postgres://… of an existing database on the server where benchmark databases are created; unset on PGlite. */
  adminUrl: string | undefined;
  size: SizeName;
  posts: number;
  /** Smoke runs keep every benchmark runnable in CI: tiny sizes, a second of load, no targets judged. */
  smoke: boolean;
  /** Seconds of load per measured case. */
  seconds: number;
  /** HTTP concurrency (connections). */
  connections: number;
  log: (message: string) => void;
};

export type Bench = {
  name: string;
  describe: string;
  run: (ctx: BenchContext) => Promise<Row[]>;
};

/** Judges a target only on full runs: a smoke run proves the benchmark runs, not the numbers. */
export function judge(ctx: BenchContext, holds: boolean): boolean | undefined {
  return ctx.smoke ? undefined : holds;
}
