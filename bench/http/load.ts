import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { monotonicMicros } from '../lib/cpu-profile.ts';
import type { Store } from '../lib/server.ts';
import { closedLoop, type LoadResult, percentile } from '../lib/stats.ts';
import { openExec } from '../seed/dataset.ts';
import type { Statement } from './record.ts';

/**
 * autocannon against one path of a running server; each connection signs in as a different user.
 * The first `warmSeconds` run on the same connections but are not counted: what is measured is the
 * steady state of `connections` open connections (a new connection's first answer, which waits
 * for the ones already busy, would otherwise count as the tail).
 */
export async function httpLoad(
  url: string,
  tokens: string[],
  { connections, seconds, warmSeconds = 0 }: { connections: number; seconds: number; warmSeconds?: number },
): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  const measureFrom = performance.now() + warmSeconds * 1000;
  const windowFrom = monotonicMicros() + warmSeconds * 1_000_000;
  const result = await autocannon({
    url,
    connections,
    duration: warmSeconds + seconds,
    timeout: 60,
    setupClient: (client) => {
      const token = tokens[next++ % tokens.length];
      if (token) client.setHeaders({ authorization: `Bearer ${token}` });
      client.on('response', (_status: number, _bytes: number, ms: number) => {
        if (performance.now() >= measureFrom) latencies.push(ms);
      });
    },
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    errors,
    window: { from: windowFrom, to: monotonicMicros() },
  };
}

/** A connection set-up to replay statements on, the server's own (see openReplay). */
export type Replay = { pool: pg.Pool; close: () => Promise<void> };

/**
 * The dataset's database opened exactly as the server opens it (apps/server's openDatabase): on
 * PostgreSQL a pg pool of the server's size; on PGlite the engine in a process of its own (the
 * server's pglite-child, decision 006), reached over its Unix socket by a pool of one connection,
 * kept open. Only while no server holds the folder (PGlite).
 */
export async function openReplay(store: Store): Promise<Replay> {
  const database = await openDatabase({ url: store.databaseUrl, dataDir: path.join(store.dataDir, 'db') });
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { pool, close: database.close };
}

/** The statements in their groups: one group's statements were sent together (record.ts). */
function groupsOf(statements: Statement[]): Statement[][] {
  const groups: Statement[][] = [];
  for (const s of statements) {
    const last = groups.at(-1);
    if (last && last[0]?.group === s.group) last.push(s);
    else groups.push([s]);
  }
  return groups;
}

/** Sends one statement as the server sent it: same name (prepared once per connection), row mode, parsers. */
export function replayStatement(pool: pg.Pool, s: Statement, values = s.values) {
  const config = {
    text: s.text,
    ...(s.name ? { name: s.name } : {}),
    ...(s.rowMode ? { rowMode: s.rowMode } : {}),
    ...(s.types ? { types: s.types } : {}),
  };
  // The recorded config is the server's own (Drizzle's row mode and type parsers), given back as it came.
  return pool.query(config as unknown as pg.QueryConfig, values);
}

/**
 * The raw-SQL ceiling: the statements one request runs, replayed in order (those the server sent
 * together, together) on the server's own connection set-up from `concurrency` workers. `perUser`
 * holds each signed-in user's own statements, in the order of the load's connections: worker N
 * replays what connection N's user made the server run (its id, its blocks, its page), so the
 * ceiling does the same work as the load it is compared with, not one user's fifty times.
 */
export async function rawSqlLoad(
  replay: Replay,
  perUser: Statement[][],
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> {
  const groups = perUser.map(groupsOf);
  const task = async (worker: number) => {
    for (const group of groups[worker % groups.length] ?? [])
      await Promise.all(group.map((s) => replayStatement(replay.pool, s)));
  };
  // Every user's statements once: one that fails here fails the bench (closedLoop only counts errors).
  for (let w = 0; w < groups.length; w++) await task(w);
  await closedLoop(task, { concurrency: connections, seconds: Math.min(1, seconds) });
  return await closedLoop(task, { concurrency: connections, seconds });
}

/**
 * The raw-SQL ceiling as it was measured until 2026-11-26, kept for one row as evidence of the
 * change: text and values only (no statement names, object rows), through a new pg pool of 10, or
 * on PGlite the engine opened inside this process (one thread for engine, protocol and replay).
 */
export async function legacyRawSqlLoad(
  store: Store,
  statements: Statement[],
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> {
  const { exec, close } = store.databaseUrl
    ? (() => {
        const pool = new pg.Pool({ connectionString: store.databaseUrl, max: 10 });
        return {
          exec: (text: string, values: unknown[]) => pool.query(text, values),
          close: () => pool.end(),
        };
      })()
    : await openExec(store);
  try {
    const task = async () => {
      for (const s of statements) await exec(s.text, s.values);
    };
    await closedLoop(task, { concurrency: connections, seconds: Math.min(1, seconds) });
    return await closedLoop(task, { concurrency: connections, seconds });
  } finally {
    await close();
  }
}
