import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { httpCases, tokensFor } from './http/cases.ts';
import { httpLoad, legacyRawSqlLoad, openReplay, rawSqlLoad } from './http/load.ts';
import { recordStatements, type Statement } from './http/record.ts';
import { type Bench, type BenchContext, judge } from './lib/context.ts';
import { describeShares, mainThreadProfile, readProfile } from './lib/cpu-profile.ts';
import { announcedPort } from './lib/process.ts';
import { benchDir, mb, ms, num, type Row, ratioOf } from './lib/report.ts';
import { scratchDir, startServer } from './lib/server.ts';
import type { LoadResult } from './lib/stats.ts';
import { prepareDataset } from './seed/dataset.ts';
import { benchToken } from './seed/seed.ts';

export const show = (r: LoadResult) => `${num(r.rps)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`;

/** Every read endpoint keeps at least this share of its own SQL's throughput (issue 25). */
const RAW_TARGET = 0.7;
/** p99 ÷ p50 at 50 connections, every read endpoint (issue 25). */
const SPREAD_TARGET = 2;
/** The case whose answer is also measured in bytes per second against a bare server of the same bytes. */
const BYTES_CASE = 'messages list';

/** The body of one GET as autocannon's requests ask for it (no compression asked). */
function getBody(url: string, token: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`GET answered ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A bare node:http server answering `body` (bench/http/raw-server.ts), in a process of its own. */
async function startRawServer(body: Buffer): Promise<{ url: string; stop: () => Promise<void> }> {
  const file = path.join(scratchDir('http'), 'payload.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'http/raw-server.ts'), file],
    { cwd: benchDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await announcedPort(child, 'raw server');
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/**
 * Each endpoint under autocannon against the real server process, beside two ceilings measured in
 * the same run: the server's trivial route (/health/live) and the endpoint's own SQL replayed raw
 * on the server's own connection set-up at the same concurrency.
 */
export const httpBench: Bench = {
  name: 'http',
  describe: 'endpoints under load vs /health/live and vs their own SQL run raw',
  run: async (ctx: BenchContext) => {
    const { store, shape } = await prepareDataset(ctx);
    // BENCH_HTTP_ONLY: a comma-separated list of case names (to profile one endpoint, say).
    const only = process.env.BENCH_HTTP_ONLY?.split(',').map((n) => n.trim());
    const cases = httpCases(shape).filter((c) => !only || only.includes(c.name));
    const load = { connections: ctx.connections, seconds: ctx.seconds };
    // PGlite allows one process on its folder: record (in this process) before the server starts.
    const tokens = tokensFor(shape, ctx.connections);
    const usersOf = (c: (typeof cases)[number]) => c.users?.map(benchToken) ?? tokens;
    // Each case's statements for each of its users (the load's connections cycle through them).
    const recorded = await recordStatements(
      store,
      cases.flatMap((c) => usersOf(c).map((token) => ({ path: c.path, token }))),
    );
    const perUser: Statement[][][] = [];
    for (const c of cases) perUser.push(recorded.splice(0, usersOf(c).length));
    const statements = perUser.map((users) => users[0] ?? []);
    // BENCH_PROFILE=1: the server under V8's profiler (which slows it), and a row per endpoint saying
    // where its main thread went while that endpoint was measured.
    const profileDir = process.env.BENCH_PROFILE === '1' ? scratchDir('cpu-profile') : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const server = await startServer(
      store,
      {},
      { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
    );
    const measured: LoadResult[] = [];
    let health: LoadResult;
    let bytes: { size: number; measured: LoadResult; raw: LoadResult } | undefined;
    try {
      health = await httpLoad(`${server.url}/health/live`, tokens, { ...load, warmSeconds: 1 });
      for (const c of cases) {
        ctx.log(`http: ${c.name} (${c.path})`);
        const users = usersOf(c);
        const r = await httpLoad(`${server.url}${c.path}`, users, {
          ...load,
          warmSeconds: Math.min(3, ctx.seconds),
        });
        if (r.errors > 0) throw new Error(`http: ${c.name}: ${r.errors} failed requests\n${server.output()}`);
        measured.push(r);
        if (c.name === BYTES_CASE) {
          // The same bytes from a bare server, right after, on the same connections and users.
          const body = await getBody(`${server.url}${c.path}`, users[0] ?? '').catch((err: unknown) => {
            throw new Error(`http: ${c.name}: ${String(err)}\n${server.output()}`);
          });
          const raw = await startRawServer(body);
          try {
            const rawLoad = await httpLoad(`${raw.url}${c.path}`, users, {
              ...load,
              warmSeconds: Math.min(3, ctx.seconds),
            });
            bytes = { size: body.length, measured: r, raw: rawLoad };
          } finally {
            await raw.stop();
          }
        }
      }
    } finally {
      await server.stop();
    }
    const profileFile = profileDir ? mainThreadProfile(profileDir, server.pid) : undefined;
    const profile = profileFile ? readProfile(profileFile) : undefined;
    if (profileDir && !profile) ctx.log(`http: WARNING no CPU profile of the server in ${profileDir}`);
    // The ceilings, once the server is gone (PGlite: one process on the folder).
    const replay = await openReplay(store);
    const raws: LoadResult[] = [];
    try {
      for (const [i, c] of cases.entries()) {
        ctx.log(`http: ${c.name}: its raw SQL`);
        raws.push(await rawSqlLoad(replay, perUser[i] ?? [], load));
      }
    } finally {
      await replay.close();
    }
    // The feed's ceiling measured the old way too (until 2026-11-26), to show what changed.
    const legacy = await legacyRawSqlLoad(store, statements[0] ?? [], load);
    const rows: Row[] = [
      {
        bench: 'http',
        case: 'ceiling: /health/live',
        measured: show(health),
        values: {
          rps: health.rps,
          p50: health.p50,
          p99: health.p99,
          count: health.count,
          errors: health.errors,
        },
      },
    ];
    for (const [i, c] of cases.entries()) {
      const r = measured[i] as LoadResult;
      const raw = raws[i] as LoadResult;
      const ratio = ratioOf(r.rps, raw.rps);
      rows.push({
        bench: 'http',
        case: `${c.name} vs its raw SQL (${statements[i]?.length ?? 0} statements)`,
        measured: show(r),
        baseline: show(raw),
        ratio,
        target: `≥ ${RAW_TARGET.toFixed(2)}`,
        met: judge(ctx, ratio >= RAW_TARGET),
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
      rows.push({
        bench: 'http',
        case: `${c.name}: p99 ÷ p50 at ${ctx.connections} connections`,
        measured: `p99 ${ms(r.p99)}`,
        baseline: `p50 ${ms(r.p50)}`,
        ratio: ratioOf(r.p99, r.p50),
        target: `≤ ${SPREAD_TARGET}`,
        met: judge(ctx, r.p99 <= SPREAD_TARGET * r.p50),
        values: { p50: r.p50, p99: r.p99 },
      });
      if (profile && r.window) {
        const shares = profile.window(r.window.from, r.window.to);
        rows.push({
          bench: 'http',
          case: `${c.name}: where the server's main thread went (CPU profile; the profiler slows the server)`,
          measured: describeShares(shares),
          values: Object.fromEntries(shares.map((s) => [s.category, s.share])),
        });
      }
      if (i === 0) {
        rows.push({
          bench: 'http',
          case: `${c.name} vs its raw SQL measured as until 2026-11-26 (text only${ctx.adminUrl ? ', a new pool' : ', PGlite inside the bench process'}; informational)`,
          measured: show(r),
          baseline: show(legacy),
          ratio: ratioOf(r.rps, legacy.rps),
          values: { rps: r.rps, legacyRps: legacy.rps, legacyP50: legacy.p50, legacyP99: legacy.p99 },
        });
      }
      if (c.name === BYTES_CASE && bytes) {
        const rate = (l: LoadResult) => l.rps * (bytes?.size ?? 0);
        rows.push({
          bench: 'http',
          case: `${c.name}: bytes per second (${num(bytes.size / 1000)} KB an answer) vs the same bytes from a bare node:http server`,
          measured: `${mb(rate(bytes.measured))}/s (${num(bytes.measured.rps)} req/s)`,
          baseline: `${mb(rate(bytes.raw))}/s (${num(bytes.raw.rps)} req/s, p50 ${ms(bytes.raw.p50)}, p99 ${ms(bytes.raw.p99)})`,
          ratio: ratioOf(rate(bytes.measured), rate(bytes.raw)),
          values: {
            bytes: bytes.size,
            bytesPerSecond: rate(bytes.measured),
            rawBytesPerSecond: rate(bytes.raw),
            rawRps: bytes.raw.rps,
          },
        });
      }
    }
    return rows;
  },
};
