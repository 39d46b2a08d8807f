import { httpCases, tokensFor } from './http/cases.ts';
import { httpLoad, rawSqlLoad } from './http/load.ts';
import { recordStatements } from './http/record.ts';
import { type Bench, type BenchContext, judge } from './lib/context.ts';
import { ms, num, type Row, ratioOf } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { LoadResult } from './lib/stats.ts';
import { prepareDataset } from './seed/dataset.ts';
import { benchToken } from './seed/seed.ts';

export const show = (r: LoadResult) => `${num(r.rps)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`;

/**
 * Each endpoint under autocannon against the real server process, beside two ceilings measured in
 * the same run: the server's trivial route (/health/live) and the endpoint's own SQL replayed raw
 * through the driver at the same concurrency.
 */
export const httpBench: Bench = {
  name: 'http',
  describe: 'endpoints under load vs /health/live and vs their own SQL run raw',
  run: async (ctx: BenchContext) => {
    const { store, shape } = await prepareDataset(ctx);
    const cases = httpCases(shape);
    const load = { connections: ctx.connections, seconds: ctx.seconds };
    // PGlite allows one process on its folder: record (in this process) before the server starts.
    const statements = await recordStatements(
      store,
      cases.map((c) => ({ path: c.path, token: benchToken(1) })),
    );
    const tokens = tokensFor(shape, ctx.connections);
    const server = await startServer(store);
    const measured: LoadResult[] = [];
    let health: LoadResult;
    try {
      health = await httpLoad(`${server.url}/health/live`, tokens, { ...load, warmSeconds: 1 });
      for (const c of cases) {
        ctx.log(`http: ${c.name} (${c.path})`);
        const r = await httpLoad(`${server.url}${c.path}`, c.users?.map(benchToken) ?? tokens, {
          ...load,
          warmSeconds: Math.min(3, ctx.seconds),
        });
        if (r.errors > 0) throw new Error(`http: ${c.name}: ${r.errors} failed requests\n${server.output()}`);
        measured.push(r);
      }
    } finally {
      await server.stop();
    }
    const rows: Row[] = [
      {
        bench: 'http',
        case: 'ceiling: /health/live',
        measured: show(health),
        values: { ...health },
      },
    ];
    for (const [i, c] of cases.entries()) {
      const r = measured[i] as LoadResult;
      const raw = await rawSqlLoad(store, statements[i] ?? [], load);
      const ratio = ratioOf(r.rps, raw.rps);
      const feed = c.name === 'feed page 1';
      rows.push({
        bench: 'http',
        case: `${c.name} vs its raw SQL (${statements[i]?.length ?? 0} statements)`,
        measured: show(r),
        baseline: show(raw),
        ratio,
        ...(feed ? { target: '≥ 0.60', met: judge(ctx, ratio >= 0.6) } : {}),
        values: { rps: r.rps, p50: r.p50, p99: r.p99, rawRps: raw.rps, rawP50: raw.p50, rawP99: raw.p99 },
      });
      rows.push({
        bench: 'http',
        case: `${c.name} vs /health/live`,
        measured: `${num(r.rps)} req/s`,
        baseline: `${num(health.rps)} req/s`,
        ratio: ratioOf(r.rps, health.rps),
        values: { rps: r.rps, healthRps: health.rps },
      });
      if (feed) {
        rows.push({
          bench: 'http',
          case: `${c.name}: p99 ÷ p50 at ${ctx.connections} connections`,
          measured: `p99 ${ms(r.p99)}`,
          baseline: `p50 ${ms(r.p50)}`,
          ratio: ratioOf(r.p99, r.p50),
          target: '≤ 3',
          met: judge(ctx, r.p99 <= 3 * r.p50),
          values: { p50: r.p50, p99: r.p99 },
        });
      }
    }
    return rows;
  },
};
