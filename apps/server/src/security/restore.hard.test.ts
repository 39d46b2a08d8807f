import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { postSchema } from '@makan/contract/posts';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runBackup } from '../cli/backup.ts';
import { runRestore } from '../cli/restore.ts';
import { loadConfig, type S3Storage } from '../config.ts';
import { createS3Client } from '../modules/media/media-store.s3.ts';
import { openMediaStores } from '../modules/media/media-stores.ts';
import { multipartBody } from '../test/form.ts';
import { type S3TestServer, startS3Server } from '../test/s3-server.ts';
import {
  processPlace,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopServer,
  testServerEnv,
  waitReady,
} from '../test/server-process.ts';
import { scaled } from '../test/time-scale.ts';

/**
 * The restore of docs/operations.md, done as an operator would (issue 24): a server on PostgreSQL
 * with its media in a bucket; a user posts a listing with a photo; `npm run backup` while it runs;
 * the database dropped and made again and every object of the bucket deleted; `npm run restore`;
 * a server started on a new machine's empty DATA_DIR: the user signs in and sees the listing, whose
 * photo is served with the bytes it had; a company document kept on disk is back too.
 */

const adminUrl = process.env.DATABASE_URL;
const hasClient = (program: string) => spawnSync(program, ['--version']).status === 0;
const clients = hasClient('pg_dump') && hasClient('pg_restore');

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const loginResult = z.object({ data: z.object({ token: z.string() }) });
const fullProfile = z.object({ data: z.object({ posts: z.array(postSchema) }) });

async function bytesAt(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  return Buffer.from(await res.arrayBuffer());
}

async function ownPosts(base: string, token: string) {
  const res = await fetch(`${base}/api/profile/full`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return fullProfile.parse(await res.json()).data.posts;
}

/** Every object of the bucket, whatever its prefix. */
async function bucketKeys(storage: S3Storage): Promise<string[]> {
  const client = createS3Client(storage);
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: storage.bucket, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  } finally {
    client.destroy();
  }
}

async function emptyBucket(storage: S3Storage) {
  const client = createS3Client(storage);
  try {
    for (const key of await bucketKeys(storage))
      await client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: key }));
  } finally {
    client.destroy();
  }
}

/** Drops the database and makes it again, empty (what a lost or corrupted database is restored into). */
async function recreateDatabase(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!adminUrl || !clients)(
  'backup and restore (needs DATABASE_URL, and pg_dump and pg_restore on the PATH: postgresql-client)',
  () => {
    it('restores the database and the bucket: the user signs in and sees their listing and its photo', {
      timeout: scaled(120_000),
    }, async () => {
      const s3: S3TestServer = await startS3Server({ bucket: 'makan-restore' });
      cleanups.push(() => s3.stop());
      const storage = loadConfig(s3.env).mediaStorage;
      if (storage.kind !== 's3') throw new Error('the test bucket is not configured');
      const place = await processPlace('restore', adminUrl, cleanups);
      const env = { DATABASE_URL: place.databaseUrl, ...s3.env };
      const base = `http://127.0.0.1:${place.port}`;
      const boot = async (dataDir: string) => {
        const server: ServerProcess = startServer(testServerEnv(place.port, dataDir, env));
        cleanups.push(() => stopServer(server));
        await waitReady(place.port, server);
        return server;
      };

      // A user and a listing with a photo, on the running server.
      const first = await boot(place.dataDir);
      const user = await signUpOverHttp(base, place.dataDir, 'Restored Owner');
      const png = await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      const form = await multipartBody(
        { property_type: 'office', location: 'Olaya Street', description: 'Office kept through a restore' },
        [{ name: 'office.png', bytes: png, type: 'image/png' }],
        'media[]',
      );
      const posted = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, ...form.headers },
        body: new Uint8Array(form.payload),
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const [before] = await ownPosts(base, user.token);
      const photo = before?.media[0];
      if (!before || !photo) throw new Error('the listing or its photo is missing');
      const small = await bytesAt(`${base}${photo.url}`);
      const large = await bytesAt(`${base}${photo.url_large}`);
      expect((await bucketKeys(storage)).length).toBeGreaterThanOrEqual(2);

      // A company's registration document, in the bucket's private verification/ area (where the
      // verification upload puts it).
      const documentName = `${'d'.repeat(32)}.pdf`;
      const document = Buffer.from('%PDF-1.4 registration certificate');
      const stores = openMediaStores(storage, place.dataDir);
      cleanups.push(() => stores.close());
      await stores.verification.put(documentName, document, 'application/pdf');
      const objectsBefore = await bucketKeys(storage);
      expect(objectsBefore).toContain(`verification/${documentName}`);

      // The backup, taken while the server runs, as docs/operations.md says.
      const folder = path.join(mkdtempSync(path.join(tmpdir(), 'makan-backup-')), 'backup');
      cleanups.push(() => rmSync(path.dirname(folder), { recursive: true, force: true }));
      const backup = await runBackup([folder], { ...env, DATA_DIR: place.dataDir }, () => {});
      expect(backup.code, backup.out).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(folder, 'backup.json'), 'utf8'));
      expect(manifest.objects.media.count).toBe(objectsBefore.filter((k) => k.startsWith('media/')).length);
      expect(manifest.documents).toBe(1);
      // Kept in the backup folder as readable by its user only.
      const backedUp = path.join(folder, 'verification', documentName);
      expect(readFileSync(backedUp).equals(document)).toBe(true);
      expect(statSync(backedUp).mode & 0o777).toBe(0o600);

      // Everything lost: the server stopped, the database dropped and made again, the bucket emptied.
      await stopServer(first, 'SIGTERM');
      await recreateDatabase(place.databaseUrl);
      await emptyBucket(storage);
      expect(await bucketKeys(storage)).toEqual([]);

      // Restored from a new machine (an empty DATA_DIR) into the empty database and bucket; a second
      // restore, which would mix with the tables now there, is refused.
      const newDataDir = mkdtempSync(path.join(tmpdir(), 'makan-restored-'));
      cleanups.push(() => rmSync(newDataDir, { recursive: true, force: true }));
      const restore = await runRestore([folder], { ...env, DATA_DIR: newDataDir }, () => {});
      expect(restore.code, restore.out).toBe(0);
      expect(await bucketKeys(storage)).toEqual(objectsBefore);
      const restoredDocument = await stores.verification.get(documentName);
      expect(restoredDocument && Buffer.concat(await restoredDocument.body.toArray()).equals(document)).toBe(
        true,
      );
      const again = await runRestore([folder], { ...env, DATA_DIR: newDataDir }, () => {});
      expect(again.code).toBe(2);
      expect(again.out).toContain('not empty');

      // The servers start again, on the new machine.
      await boot(newDataDir);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: user.email, password: 'Secret123' }),
      });
      expect(login.status).toBe(200);
      const { token } = loginResult.parse(await login.json()).data;
      const after = await ownPosts(base, token);
      expect(after.map((p) => [p.id, p.description])).toEqual([[before.id, before.description]]);
      expect(after[0]?.media).toEqual(before.media);
      expect((await bytesAt(`${base}${photo.url}`)).equals(small)).toBe(true);
      expect((await bytesAt(`${base}${photo.url_large}`)).equals(large)).toBe(true);
      // Sessions are rows too: the one signed in before the backup still works.
      expect(await ownPosts(base, user.token)).toHaveLength(1);
    });
  },
);
