import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import type { Store } from '../lib/server.ts';

export type Statement = { text: string; values: unknown[] };

type QueryArg = string | { text: string; values?: unknown[] };
type Queryable = { query: (q: QueryArg, values?: unknown[], ...rest: unknown[]) => Promise<unknown> };

/**
 * The SQL each request runs, as the server sends it to the driver: the real app is built in this
 * process on the dataset's database, with the driver's `query` wrapped to write down each statement,
 * and every request is made once (Fastify inject). The raw-SQL ceiling replays exactly these.
 */
export async function recordStatements(
  store: Store,
  requests: { path: string; token: string }[],
): Promise<Statement[][]> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl ?? '',
    SEED: 'none',
  });
  const database = await openDatabase({ url: store.databaseUrl, dataDir: path.join(store.dataDir, 'db') });
  const app = await buildApp(config, { database, logger: false });
  const client = (database.db as unknown as { $client: Queryable }).$client;
  const original = client.query.bind(client);
  let current: Statement[] | undefined;
  client.query = (q: QueryArg, values?: unknown[], ...rest: unknown[]) => {
    if (current) {
      current.push({
        text: typeof q === 'string' ? q : q.text,
        values: values ?? (typeof q === 'string' ? [] : (q.values ?? [])),
      });
    }
    return original(q, values, ...rest);
  };
  const recorded: Statement[][] = [];
  try {
    for (const r of requests) {
      // Once unrecorded, so one-off work (a token's daily renewal, caches) is not counted.
      await app.inject({ method: 'GET', url: r.path, headers: { authorization: `Bearer ${r.token}` } });
      current = [];
      const res = await app.inject({
        method: 'GET',
        url: r.path,
        headers: { authorization: `Bearer ${r.token}` },
      });
      if (res.statusCode !== 200)
        throw new Error(`GET ${r.path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      recorded.push(current);
      current = undefined;
    }
  } finally {
    client.query = original;
    await app.close();
  }
  return recorded;
}
