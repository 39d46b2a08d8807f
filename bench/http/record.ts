import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import type { Store } from '../lib/server.ts';

/**
 * One statement as the server hands it to node-postgres: its text, and the rest of its query config
 * as given (a statement's `name`, so that it is parsed once per connection and then only bound and
 * run; Drizzle's `rowMode: 'array'` and its type parsers), and its values.
 */
export type Statement = {
  text: string;
  values: unknown[];
  name?: string | undefined;
  rowMode?: string | undefined;
  types?: unknown;
  /**
   * Statements of one group were sent while another of the group was still running (the server's
   * `Promise.all`): the replay sends them at once too. A statement sent when none was running
   * starts a new group.
   */
  group: number;
};

type QueryArg =
  | string
  | { text: string; values?: unknown[]; name?: string; rowMode?: string; types?: unknown };
type Queryable = { query: (q: QueryArg, values?: unknown[], ...rest: unknown[]) => Promise<unknown> };

/** What the server sent: the config object without its callbacks, and the values however they came. */
function statementOf(q: QueryArg, values: unknown[] | undefined, group: number): Statement {
  if (typeof q === 'string') return { text: q, values: values ?? [], group };
  return {
    group,
    text: q.text,
    values: values ?? q.values ?? [],
    ...(q.name ? { name: q.name } : {}),
    ...(q.rowMode ? { rowMode: q.rowMode } : {}),
    ...(q.types ? { types: q.types } : {}),
  };
}

export type Recorder = {
  /** The statements `fn` made the server send (none of the app's background work: see below). */
  record: (fn: () => Promise<void>) => Promise<Statement[]>;
  app: Awaited<ReturnType<typeof buildApp>>;
  close: () => Promise<void>;
};

/**
 * The real app built in this process on the dataset's database (the server's own driver set-up: on
 * PGlite its engine in a process of its own), with the driver's `query` wrapped to write down each
 * statement while `record` runs.
 */
export async function openRecorder(store: Store): Promise<Recorder> {
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
  let running = 0;
  let group = 0;
  client.query = (q: QueryArg, values?: unknown[], ...rest: unknown[]) => {
    if (!current) return original(q, values, ...rest);
    if (running === 0) group += 1;
    current.push(statementOf(q, values, group));
    running += 1;
    const done = () => {
      running -= 1;
    };
    const answer = original(q, values, ...rest);
    if (answer instanceof Promise) answer.then(done, done);
    else done(); // a callback-style call: not how the app calls it
    return answer;
  };
  return {
    app,
    record: async (fn) => {
      current = [];
      running = 0;
      try {
        await fn();
        return current;
      } finally {
        current = undefined;
      }
    },
    close: async () => {
      client.query = original;
      await app.close();
    },
  };
}

/**
 * The SQL each request runs, as the server sends it to the driver: every request is made once
 * (Fastify inject) unrecorded, then once recorded. The raw-SQL ceiling replays exactly these.
 */
export async function recordStatements(
  store: Store,
  requests: { path: string; token: string }[],
): Promise<Statement[][]> {
  const recorder = await openRecorder(store);
  const { app } = recorder;
  const recorded: Statement[][] = [];
  try {
    for (const r of requests) {
      const get = () =>
        app.inject({ method: 'GET', url: r.path, headers: { authorization: `Bearer ${r.token}` } });
      // Once unrecorded, so one-off work (a token's daily renewal, caches) is not counted.
      await get();
      recorded.push(
        await recorder.record(async () => {
          const res = await get();
          if (res.statusCode !== 200)
            throw new Error(`GET ${r.path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        }),
      );
    }
  } finally {
    await recorder.close();
  }
  return recorded;
}
