import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { z } from 'zod';
import { sourceFile } from '../paths.ts';
import { createPglite } from './pglite.ts';
import { type ProcessLog, startPgliteProcess } from './pglite-process.ts';
import * as schema from './schema/index.ts';

const migrationsFolder = sourceFile('db/migrations');

export type Schema = typeof schema;
/** Both drivers expose the same query builder; repositories only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  /**
   * What background work (the notification and push workers) goes through: on PostgreSQL a small
   * pool of its own, so a fan-out neither waits behind requests for a connection nor takes one of
   * theirs; unset on the embedded database (one session: `db`).
   */
  background?: Database;
  kind: 'pglite' | 'postgres';
  /** Runs fn while holding a database-wide lock, so several processes starting at once migrate and seed once. */
  withStartupLock: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * Runs fn only when no other process, and no other call in this one, holds the lock `key`
   * (pg_try_advisory_lock, released when fn ends or the connection drops): background work that
   * one node at a time should do. Answers whether fn ran, and its value.
   */
  withTryLock: <T>(key: number, fn: () => Promise<T>) => Promise<TryLockResult<T>>;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tar, to start other instances from (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  /** The connection pool now, for /metrics (absent for the in-process engine). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /** Calls `listener` with each wait for a pooled connection, in seconds (for /metrics). */
  onPoolWait?: (listener: (seconds: number) => void) => void;
};

export type DatabaseOptions = {
  /** postgres://… for a PostgreSQL server; unset for embedded PGlite. */
  url?: string | undefined;
  /**
   * Folder of the embedded database, served by a process of its own (db/pglite-host.ts). Unset means
   * in memory, in this process (tests).
   */
  dataDir?: string | undefined;
  /** A PGlite data folder dump (tar) to start from, used by tests to skip initdb (in this process). */
  loadDataDir?: Blob | undefined;
  /** Where the embedded database's process reports that it ended and came back (the server's logger). */
  log?: ProcessLog | undefined;
  /** PostgreSQL: connections of background work, besides the requests' pool (0: none, they share it). */
  backgroundConnections?: number | undefined;
};

export type TryLockResult<T> = { ran: true; value: T } | { ran: false };

const STARTUP_LOCK = 7_261_001;

/** A session to take an advisory lock on, and to give back after (a pooled connection, or nothing). */
type LockSession = {
  query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
  release: () => void;
};

const lockAnswer = z.array(z.object({ locked: z.boolean() })).length(1);

/**
 * The same SQL on every database. Advisory locks are re-entrant within one session, and the embedded
 * database has one session for the whole process, so the keys this process holds are also kept here.
 */
function tryLocks(session: () => Promise<LockSession>): DatabaseHandle['withTryLock'] {
  const held = new Set<number>();
  return async <T>(key: number, fn: () => Promise<T>): Promise<TryLockResult<T>> => {
    if (held.has(key)) return { ran: false };
    held.add(key);
    try {
      const conn = await session();
      try {
        const answer = await conn.query('select pg_try_advisory_lock($1) as locked', [key]);
        if (!lockAnswer.parse(answer.rows)[0]?.locked) return { ran: false };
        try {
          return { ran: true, value: await fn() };
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        }
      } finally {
        conn.release();
      }
    } finally {
      held.delete(key);
    }
  };
}

/** The embedded database's one session: the lock is taken on it without holding it (fn needs it too). */
const sharedSession = (query: LockSession['query']) => async (): Promise<LockSession> => ({
  query,
  release: () => {},
});

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.backgroundConnections ?? 2);
  if (options.dataDir && !options.loadDataDir) return openPgliteProcess(options.dataDir, options.log);
  return openPglite(options);
}

/**
 * The embedded database on disk: PGlite in a process of its own, reached through node-postgres on a
 * Unix socket. One connection, as PGlite has one session: the pool queues the rest, and a transaction
 * holds the connection until it ends. If that process dies it is started again on the same socket
 * (pglite-process.ts): queries fail meanwhile, and the pool's next checkout connects to the new one.
 */
async function openPgliteProcess(dataDir: string, log: ProcessLog | undefined): Promise<DatabaseHandle> {
  const host = await startPgliteProcess(dataDir, log ? { log } : {});
  // Kept open while idle: each new connection costs a start-up and a session reset.
  const pool = new pg.Pool({ ...host.connection, max: 1, idleTimeoutMillis: 0 });
  return poolHandle(pool, 'pglite', {
    // One database process per folder, owned by this server: nothing else runs start-up at once.
    withStartupLock: (fn) => fn(),
    withTryLock: tryLocks(sharedSession((text, values) => pool.query(text, values))),
    close: async () => {
      await pool.end();
      await host.stop();
    },
  });
}

/**
 * A node-postgres pool as a handle: the same driver, migrations and health check for a PostgreSQL
 * server and for the embedded database's process.
 */
function poolHandle(
  pool: pg.Pool,
  kind: DatabaseHandle['kind'],
  own: Pick<DatabaseHandle, 'withStartupLock' | 'withTryLock' | 'close'>,
): DatabaseHandle {
  pool.on('error', () => {
    // An idle connection lost its server (a restart, the embedded process gone): the pool opens a
    // new one on the next checkout.
  });
  const db = drizzleNodePg({ client: pool, schema });
  // How long each query waits for a connection: every query checks one out through connect(),
  // with a callback (pool.query) or a promise (transactions).
  let onWait: ((seconds: number) => void) | undefined;
  const connect = pool.connect.bind(pool) as (
    cb?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ) => Promise<pg.PoolClient> | undefined;
  const waited = (started: number) => onWait?.((performance.now() - started) / 1000);
  pool.connect = ((cb?: Parameters<typeof connect>[0]) => {
    const started = performance.now();
    if (cb)
      return connect((err, client, done) => {
        waited(started);
        cb(err, client, done);
      });
    return connect()?.then((client) => {
      waited(started);
      return client;
    });
  }) as typeof pool.connect;
  return {
    db,
    kind,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    onPoolWait: (listener) => {
      onWait = listener;
    },
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    ...own,
  };
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const client = await createPglite(options);
  takeTurns(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    // One connection in one process: nothing else can run start-up at the same time.
    withStartupLock: (fn) => fn(),
    withTryLock: tryLocks(sharedSession((text, values) => client.query(text, values))),
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

async function openPostgres(url: string, backgroundConnections: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const background =
    backgroundConnections > 0
      ? new pg.Pool({ connectionString: url, max: backgroundConnections })
      : undefined;
  background?.on('error', () => {
    // As the requests' pool: a lost idle connection is opened again on the next checkout.
  });
  const handle = poolHandle(pool, 'postgres', {
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
    // A connection of its own for as long as fn runs: a session-level lock lives on its connection.
    withTryLock: tryLocks(() => pool.connect()),
    close: async () => {
      await Promise.all([pool.end(), background?.end()]);
    },
  });
  return background ? { ...handle, background: drizzleNodePg({ client: background, schema }) } : handle;
}
