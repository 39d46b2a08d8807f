import autocannon from 'autocannon';
import pg from 'pg';
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
  };
}

/**
 * The raw-SQL ceiling: the statements one request runs, replayed in order through the driver
 * (a pg pool of the server's size, or PGlite in this process) from `concurrency` workers.
 */
export async function rawSqlLoad(
  store: Store,
  statements: Statement[],
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> {
  if (store.databaseUrl) {
    const pool = new pg.Pool({ connectionString: store.databaseUrl, max: 10 });
    try {
      const task = async () => {
        for (const s of statements) await pool.query(s.text, s.values);
      };
      await closedLoop(task, { concurrency: connections, seconds: Math.min(1, seconds) });
      return await closedLoop(task, { concurrency: connections, seconds });
    } finally {
      await pool.end();
    }
  }
  const { exec, close } = await openExec(store);
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
