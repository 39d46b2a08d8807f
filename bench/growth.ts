import { httpCases, tokensFor } from './http/cases.ts';
import { httpLoad } from './http/load.ts';
import { show } from './http.ts';
import { type Bench, type BenchContext, judge } from './lib/context.ts';
import { type Row, ratioOf } from './lib/report.ts';
import { type RunningServer, startServer } from './lib/server.ts';
import type { LoadResult } from './lib/stats.ts';
import { prepareDataset } from './seed/dataset.ts';

const GROWTH_CASES = [
  'feed page 1',
  'feed deep cursor page',
  'feed page 1 (for you)',
  'search (English word)',
  'search (Arabic word)',
  'search (English prefix)',
  'search (Arabic prefix)',
];

/**
 * How cost grows with the data: the same endpoints on a 10k-post and a 1M-post PostgreSQL database,
 * both servers up at once and measured alternately, so drift of the machine hits both alike.
 * Cost is 1 ÷ throughput at the same concurrency; the ratio is cost(1M) ÷ cost(10k).
 */
export const growthBench: Bench = {
  name: 'growth',
  describe: 'feed (latest, deep, for you) and search (words, prefixes) at 10k and at 1M posts (PostgreSQL)',
  run: async (ctx: BenchContext) => {
    if (!ctx.adminUrl) {
      ctx.log('growth: PostgreSQL only (set DATABASE_URL); skipped on PGlite');
      return [
        {
          bench: 'growth',
          case: 'skipped',
          measured: 'runs on PostgreSQL only (DATABASE_URL)',
          values: {},
        },
      ];
    }
    const [smallPosts, largePosts] = ctx.smoke ? [500, 2000] : [10_000, 1_000_000];
    const small = await prepareDataset(ctx, smallPosts);
    const large = await prepareDataset(ctx, largePosts);
    const servers: RunningServer[] = [];
    const load = { connections: ctx.connections, seconds: ctx.seconds };
    const rows: Row[] = [];
    try {
      servers.push(await startServer(small.store), await startServer(large.store));
      const [s, l] = servers as [RunningServer, RunningServer];
      const smallCases = httpCases(small.shape);
      const largeCases = httpCases(large.shape);
      for (const name of GROWTH_CASES) {
        const a = smallCases.find((c) => c.name === name);
        const b = largeCases.find((c) => c.name === name);
        if (!a || !b) throw new Error(`growth: no case ${name}`);
        ctx.log(`growth: ${name}`);
        const warm = { ...load, seconds: Math.min(2, ctx.seconds) };
        await httpLoad(`${s.url}${a.path}`, tokensFor(small.shape, ctx.connections), warm);
        await httpLoad(`${l.url}${b.path}`, tokensFor(large.shape, ctx.connections), warm);
        const rs: LoadResult = await httpLoad(
          `${s.url}${a.path}`,
          tokensFor(small.shape, ctx.connections),
          load,
        );
        const rl: LoadResult = await httpLoad(
          `${l.url}${b.path}`,
          tokensFor(large.shape, ctx.connections),
          load,
        );
        if (rs.errors + rl.errors > 0) throw new Error(`growth: ${name}: failed requests`);
        const ratio = ratioOf(rs.rps, rl.rps);
        rows.push({
          bench: 'growth',
          case: `${name}: ${largePosts.toLocaleString('en-US')} vs ${smallPosts.toLocaleString('en-US')} posts`,
          measured: show(rl),
          baseline: show(rs),
          ratio,
          target: '≤ 1.3',
          met: judge(ctx, ratio <= 1.3),
          values: {
            smallRps: rs.rps,
            smallP50: rs.p50,
            smallP99: rs.p99,
            largeRps: rl.rps,
            largeP50: rl.p50,
            largeP99: rl.p99,
          },
        });
      }
    } finally {
      for (const server of servers) await server.stop();
    }
    return rows;
  },
};
