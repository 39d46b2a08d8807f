/**
 * `npm run backup -- <folder>`: a copy of everything the nodes share, taken while they run, into a new
 * folder: the PostgreSQL database (`pg_dump --format=custom` into `database.dump`) and then the objects
 * of the configured store (the bucket with MEDIA_STORE=s3, else DATA_DIR's folders) into `media/`,
 * `chat-files/` and `verification/` (companies' registration documents) under the same keys. Prepared
 * data exports are not copied: they expire in a week and the user can ask again.
 * `backup.json`, written last, says it finished and what it holds;
 * `npm run restore` (restore.ts) refuses a folder without it. See docs/operations.md, "Backups".
 *
 * The database first: every row names objects put before it was written (uploads put the objects, then
 * the row), so objects copied after the dump began hold every image a dumped row names, unless one was
 * deleted meanwhile (bucket versioning keeps that one).
 *
 * Needs `pg_dump` of the server's major version or newer on the PATH, and DATABASE_URL (the embedded
 * database is backed up by stopping the server and copying DATA_DIR).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createLocalMediaStore } from '../modules/media/media-store.local.ts';
import { type MediaArea, type MediaStoreName, openMediaStores } from '../modules/media/media-stores.ts';
import { repoRoot } from '../paths.ts';
import { copyMedia, type MigrationCount } from './media-migrate.ts';
import { runAsScript } from './run-as-script.ts';

const USAGE = 'usage: DATABASE_URL=postgres://… npm run backup -- <new folder>';
export const DUMP_FILE = 'database.dump';
export const MANIFEST_FILE = 'backup.json';
/**
 * The store's areas and their folders in a backup (the same names as DATA_DIR's and the bucket's).
 * Registration documents keep mode 0600 in the backup folder, as in DATA_DIR.
 */
export const AREAS = [
  { folder: 'media', store: 'media', fileMode: undefined },
  { folder: 'chat-files', store: 'chat', fileMode: undefined },
  { folder: 'verification', store: 'verification', fileMode: 0o600 },
] as const satisfies readonly { folder: MediaArea; store: MediaStoreName; fileMode: number | undefined }[];

/** A folder named on the command line, from where npm was run (as DATA_DIR is, config.ts). */
export function folderArgument(folder: string, env: Record<string, string | undefined>) {
  const base = env.INIT_CWD && existsSync(env.INIT_CWD) ? env.INIT_CWD : repoRoot;
  return path.resolve(base, folder);
}

/**
 * How to point pg_dump / pg_restore at DATABASE_URL: the address without its password (a command
 * line is readable by every user of the machine), the password in PGPASSWORD.
 */
export function libpqTarget(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return { dbname: url.toString(), env };
}

/** Runs a PostgreSQL client program; answers its exit code and what it wrote to stderr. */
export function runClient(program: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err) => resolve({ code: 127, stderr: `${program}: ${err.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

export const countLine = (area: string, c: MigrationCount, end = '') =>
  `${area}: ${c.copied} copied (${(c.bytes / 1024 / 1024).toFixed(1)} MiB), ${c.skipped} already there${end}`;

export async function runBackup(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<{ code: number; out: string }> {
  if (args.length !== 1 || !args[0]) return { code: 2, out: USAGE };
  const config = loadConfig(env);
  if (!config.databaseUrl)
    return {
      code: 2,
      out: `DATABASE_URL is not set: the embedded database is backed up by stopping the server and copying DATA_DIR.\n${USAGE}`,
    };
  const folder = folderArgument(args[0], env);
  if (existsSync(folder) && readdirSync(folder).length > 0)
    return { code: 2, out: `${folder} is not empty: a backup goes into a new folder.` };
  mkdirSync(folder, { recursive: true });

  const takenAt = new Date();
  const target = libpqTarget(config.databaseUrl);
  const partial = path.join(folder, `${DUMP_FILE}.partial`);
  write(`database: pg_dump into ${path.join(folder, DUMP_FILE)} …`);
  const dump = await runClient(
    'pg_dump',
    ['--format=custom', `--file=${partial}`, `--dbname=${target.dbname}`],
    target.env,
  );
  if (dump.code !== 0) {
    rmSync(partial, { force: true });
    return { code: 1, out: `pg_dump failed (exit ${dump.code}):\n${dump.stderr}` };
  }
  renameSync(partial, path.join(folder, DUMP_FILE));
  const dumpBytes = statSync(path.join(folder, DUMP_FILE)).size;

  const stores = openMediaStores(config.mediaStorage, config.dataDir);
  try {
    const counts: Record<string, MigrationCount> = {};
    for (const { folder: area, store, fileMode } of AREAS) {
      const to = createLocalMediaStore(path.join(folder, area), { fileMode });
      counts[area] = await copyMedia(stores[store], to, (c) => write(countLine(area, c, ' …')));
    }
    const manifest = {
      taken_at: takenAt.toISOString(),
      finished_at: new Date().toISOString(),
      database: { file: DUMP_FILE, bytes: dumpBytes },
      media_store: config.mediaStorage.kind === 's3' ? `s3://${config.mediaStorage.bucket}` : 'local',
      objects: Object.fromEntries(
        Object.entries(counts).map(([area, c]) => [area, { count: c.copied, bytes: c.bytes }]),
      ),
      documents: counts.verification?.copied ?? 0,
    };
    writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const lines = [
      `database: ${(dumpBytes / 1024 / 1024).toFixed(1)} MiB`,
      ...Object.entries(counts).map(([area, c]) => countLine(area, c)),
    ];
    return { code: 0, out: `${lines.join('\n')}\nbackup complete in ${folder}` };
  } finally {
    stores.close();
  }
}

await runAsScript(import.meta.url, runBackup);
