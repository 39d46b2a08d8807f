/**
 * `npm run media:migrate [-- <data folder>]`: copies the media of a local data folder (its media/,
 * chat-files/, verification/ and exports/, DATA_DIR by default) into the bucket configured for the server (MEDIA_STORE=s3 and
 * the S3_* variables), under the same keys the server uses. Resumable: an object already in the
 * bucket with the same size is skipped, so an interrupted copy is finished by running it again, and
 * a last run after the servers switched to the bucket picks up what was uploaded meanwhile. Temporary
 * and hidden files (uploads in progress, half-written sizes) are not copied. The local folder is left
 * as it was.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createLocalMediaStore } from '../modules/media/media-store.local.ts';
import type { MediaStore } from '../modules/media/media-store.ts';
import { type MediaArea, type MediaStoreName, openMediaStores } from '../modules/media/media-stores.ts';
import { runAsScript } from './run-as-script.ts';

const USAGE = 'usage: MEDIA_STORE=s3 S3_BUCKET=… npm run media:migrate [-- <data folder>]';
/** Objects copied at once: enough to hide a bucket's latency, few enough for a small machine. */
const AT_ONCE = 8;
/** A progress line every this many objects. */
const REPORT_EVERY = 200;

export type MigrationCount = { copied: number; skipped: number; bytes: number };

/** Runs `work` on every item, `limit` at a time (an async generator hands each item out once). */
async function eachLimited<T>(items: AsyncIterable<T>, limit: number, work: (item: T) => Promise<void>) {
  const iterator = items[Symbol.asyncIterator]();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) await work(next.value);
    }),
  );
}

/** Copies every object of `from` missing from `to` (or there with another size); reports as it goes. */
export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  report: (count: MigrationCount) => void,
): Promise<MigrationCount> {
  const count: MigrationCount = { copied: 0, skipped: 0, bytes: 0 };
  const done = () => {
    if ((count.copied + count.skipped) % REPORT_EVERY === 0) report(count);
  };
  await eachLimited(from.list(''), AT_ONCE, async (object) => {
    if (object.key.split('/').some((part) => part.startsWith('.'))) return;
    const there = await to.head(object.key);
    if (there?.size === object.size) {
      count.skipped += 1;
      return done();
    }
    const file = await from.get(object.key);
    if (!file) return; // deleted meanwhile
    // Chat files' own types are kept with their rows (the app serves them); images are WebP.
    await to.put(
      object.key,
      file.body,
      object.key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream',
    );
    count.copied += 1;
    count.bytes += object.size;
    done();
  });
  return count;
}

const AREAS: { area: MediaArea; store: MediaStoreName }[] = [
  { area: 'media', store: 'media' },
  { area: 'chat-files', store: 'chat' },
  { area: 'verification', store: 'verification' },
  { area: 'exports', store: 'exports' },
];

export async function runMediaMigrate(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<{ code: number; out: string }> {
  if (args.length > 1) return { code: 2, out: USAGE };
  const config = loadConfig(env);
  if (config.mediaStorage.kind !== 's3') return { code: 2, out: `MEDIA_STORE is not s3.\n${USAGE}` };
  const dataDir = args[0] ? path.resolve(args[0]) : config.dataDir;
  const stores = openMediaStores(config.mediaStorage, dataDir);
  const bucket = config.mediaStorage.bucket;
  try {
    const lines: string[] = [];
    for (const { area, store } of AREAS) {
      const line = (c: MigrationCount, end = '') =>
        `${area}: ${c.copied} copied (${(c.bytes / 1024 / 1024).toFixed(1)} MiB), ${c.skipped} already there${end}`;
      const from = createLocalMediaStore(path.join(dataDir, area));
      const count = await copyMedia(from, stores[store], (c) => write(line(c, ' …')));
      lines.push(line(count));
    }
    return { code: 0, out: `${lines.join('\n')}\ninto the bucket ${bucket}` };
  } finally {
    stores.close();
  }
}

await runAsScript(import.meta.url, runMediaMigrate);
