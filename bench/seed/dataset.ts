import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { BenchContext } from '../lib/context.ts';
import {
  adminQuery,
  benchDatabaseName,
  databaseUrlFor,
  recreateDatabase,
  type Store,
  startServer,
  workDir,
} from '../lib/server.ts';
import { type Exec, type Shape, seed, shapeFor } from './seed.ts';

/** Bump when seed.ts changes what it makes, so cached datasets are rebuilt. */
const SEED_VERSION = 7;

export type Dataset = { store: Store; shape: Shape; seededSeconds: number };

/** Opens the dataset's database in this process (PGlite: only while no server holds the folder). */
export async function openExec(store: Store): Promise<{ exec: Exec; close: () => Promise<void> }> {
  if (store.databaseUrl) {
    const client = new pg.Client({ connectionString: store.databaseUrl });
    await client.connect();
    return { exec: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const db = await PGlite.create({ dataDir: path.join(store.dataDir, 'db'), extensions: { pg_trgm } });
  return {
    exec: async (text, params) => db.query<Record<string, unknown>>(text, params),
    close: () => db.close(),
  };
}

/**
 * A database of `ctx.posts` listings, made once and kept (bench/.work/pglite-<posts> for PGlite,
 * database makan_bench_<posts> (prefix: MAKAN_BENCH_DB_PREFIX) beside DATABASE_URL's for PostgreSQL) until the seed changes or
 * BENCH_FRESH=1. The real server migrates it and loads the cities first; then the seeder fills it.
 */
export async function prepareDataset(ctx: BenchContext, posts = ctx.posts): Promise<Dataset> {
  const shape = shapeFor(posts);
  const name = benchDatabaseName(String(posts));
  const dataDir = path.join(workDir, ctx.adminUrl ? `pg-${posts}` : `pglite-${posts}`);
  const store: Store = {
    dataDir,
    databaseUrl: ctx.adminUrl ? databaseUrlFor(ctx.adminUrl, name) : undefined,
  };
  const marker = JSON.stringify({ version: SEED_VERSION, shape });
  const fresh = process.env.BENCH_FRESH === '1';

  if (!fresh && (await seededMarker(ctx, store, name)) === marker) {
    ctx.log(`dataset ${posts} posts: reusing ${store.databaseUrl ? name : dataDir}`);
    return { store, shape, seededSeconds: 0 };
  }
  ctx.log(`dataset ${posts} posts: building (${JSON.stringify(shape)})`);
  rmSync(dataDir, { recursive: true, force: true });
  if (ctx.adminUrl) await recreateDatabase(ctx.adminUrl, name);
  const server = await startServer(store, { SEED: 'none' });
  await server.stop();
  const started = performance.now();
  const { exec, close } = await openExec(store);
  try {
    await seed(exec, shape, ctx.log);
    await exec('create table if not exists bench_marker (value text not null)');
    await exec('delete from bench_marker');
    await exec('insert into bench_marker (value) values ($1)', [marker]);
  } finally {
    await close();
  }
  if (!ctx.adminUrl) writeFileSync(path.join(dataDir, 'bench-marker.json'), marker);
  const seededSeconds = (performance.now() - started) / 1000;
  ctx.log(`dataset ${posts} posts: seeded in ${seededSeconds.toFixed(1)} s`);
  return { store, shape, seededSeconds };
}

async function seededMarker(ctx: BenchContext, store: Store, name: string): Promise<string | undefined> {
  if (!ctx.adminUrl) {
    const file = path.join(store.dataDir, 'bench-marker.json');
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  }
  const exists = await adminQuery(ctx.adminUrl, `select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount === 0) return undefined;
  const { exec, close } = await openExec(store);
  try {
    const rows = await exec(`select value from bench_marker`).catch(() => ({ rows: [] }));
    return rows.rows[0]?.value as string | undefined;
  } finally {
    await close();
  }
}
