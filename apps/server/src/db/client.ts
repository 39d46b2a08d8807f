import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Schema = typeof schema;
/** Both drivers expose the same query builder; repositories only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs fn while holding a database-wide lock, so several processes starting at once migrate and seed once. */
  withStartupLock: <T>(fn: () => Promise<T>) => Promise<T>;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tar, to start other instances from (test templates). */
  dumpDataDir?: () => Promise<Blob>;
};

export type DatabaseOptions = {
  /** postgres://… for a PostgreSQL server; unset for embedded PGlite. */
  url?: string | undefined;
  /** Folder of the embedded database; unset means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data folder dump (tar) to start from, used by tests to skip initdb. */
  loadDataDir?: Blob | undefined;
};

const STARTUP_LOCK = 7_261_001;
/** Shared buffers of the embedded database (see openPglite). */
const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url) : openPglite(options);
}

async function openPglite({ dataDir, loadDataDir }: DatabaseOptions): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is touched at start and lives in the server
    // process's own memory here (about 110 MB of RSS more than 16 MB, measured); the files stay in
    // the operating system's cache, so a miss costs a copy, not a disk read.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  takeTurns(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    // One connection in one process: nothing else can run start-up at the same time.
    withStartupLock: (fn) => fn(),
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * The embedded engine runs each query synchronously on the server's own thread, and hands the next
 * queued query on through promise callbacks, so a burst of queries runs back to back without the
 * event loop ever reaching its I/O phase: requests already talking to the database go round and
 * round while others wait unread for seconds (p99 20× the median at 50 connections). Each query
 * here first lets the loop take one turn, so reading requests and writing answers interleave with
 * queries and every request waits its turn.
 */
function takeTurns(client: PGlite) {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its server; the pool replaces it on the next checkout.
  });
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    withStartupLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
