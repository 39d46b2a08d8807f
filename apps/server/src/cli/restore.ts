/**
 * `npm run restore -- <folder>`: puts back what `npm run backup` took (backup.ts): the database
 * (`pg_restore` of `database.dump` into DATABASE_URL, in one transaction: all or nothing) and the
 * media (the folder's `media/` and `chat-files/` copied into the configured store under the same keys;
 * objects already there with the same size are skipped, so an interrupted restore is finished by
 * running it again), companies' registration documents (`verification/`) included. A backup taken when
 * the documents lay in DATA_DIR/verification has the same folder, and goes into the store the same way.
 * See docs/operations.md, "Restore".
 *
 * With every server stopped, into an empty database (`dropdb`/`createdb`, or a new one): tables left
 * from another state would mix with the backup's, so a database with tables is refused. The objects
 * are owned by DATABASE_URL's role, the one the servers connect as (`--no-owner --no-acl`), so the
 * backup restores into another cluster without its roles.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { createLocalMediaStore } from '../modules/media/media-store.local.ts';
import { openMediaStores } from '../modules/media/media-stores.ts';
import {
  AREAS,
  countLine,
  DUMP_FILE,
  folderArgument,
  libpqTarget,
  MANIFEST_FILE,
  runClient,
} from './backup.ts';
import { copyMedia, type MigrationCount } from './media-migrate.ts';
import { runAsScript } from './run-as-script.ts';

const USAGE = 'usage: DATABASE_URL=postgres://… npm run restore -- <backup folder>';

/** Tables, views and sequences of the database's own schemas: none in a new database. */
async function relationsIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(`select count(*) as n from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S')
        and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`);
    return z.object({ n: z.coerce.number() }).parse(result.rows[0]).n;
  } finally {
    await client.end();
  }
}

export async function runRestore(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<{ code: number; out: string }> {
  if (args.length !== 1 || !args[0]) return { code: 2, out: USAGE };
  const config = loadConfig(env);
  if (!config.databaseUrl) return { code: 2, out: `DATABASE_URL is not set.\n${USAGE}` };
  const folder = folderArgument(args[0], env);
  if (!existsSync(path.join(folder, MANIFEST_FILE)))
    return { code: 2, out: `${folder} holds no finished backup (no ${MANIFEST_FILE}).` };
  const relations = await relationsIn(config.databaseUrl);
  if (relations > 0)
    return {
      code: 2,
      out: `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): restore into a new database (dropdb, createdb).`,
    };

  const target = libpqTarget(config.databaseUrl);
  write(`database: pg_restore of ${path.join(folder, DUMP_FILE)} …`);
  const restored = await runClient(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-acl',
      `--dbname=${target.dbname}`,
      path.join(folder, DUMP_FILE),
    ],
    target.env,
  );
  if (restored.code !== 0)
    return {
      code: 1,
      out: `pg_restore failed (exit ${restored.code}), nothing restored:\n${restored.stderr}`,
    };

  const stores = openMediaStores(config.mediaStorage, config.dataDir);
  try {
    const lines = ['database: restored'];
    for (const { folder: area, store } of AREAS) {
      const from = createLocalMediaStore(path.join(folder, area));
      const count: MigrationCount = await copyMedia(from, stores[store], (c) =>
        write(countLine(area, c, ' …')),
      );
      lines.push(countLine(area, count));
    }
    return { code: 0, out: `${lines.join('\n')}\nrestore complete from ${folder}` };
  } finally {
    stores.close();
  }
}

await runAsScript(import.meta.url, runRestore);
