import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLocalMediaStore } from '../modules/media/media-store.local.ts';
import { type MediaStores, openMediaStores } from '../modules/media/media-stores.ts';
import { bytesOf, keysIn } from '../test/media.ts';
import { type S3TestServer, startS3Server } from '../test/s3-server.ts';
import { copyMedia, runMediaMigrate } from './media-migrate.ts';

describe('npm run media:migrate', () => {
  let s3: S3TestServer;
  let stores: MediaStores;

  beforeAll(async () => {
    s3 = await startS3Server({ bucket: 'makan-migrate' });
    stores = openMediaStores(loadConfig(s3.env).mediaStorage, '');
  });
  afterAll(async () => {
    stores?.close();
    await s3?.stop();
  });

  it('copies a local data folder into the bucket, and resumes', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'makan-migrate-'));
    try {
      const files = {
        [`media/post_photos/${'a'.repeat(32)}-480.webp`]: 'photo small',
        [`media/post_photos/${'a'.repeat(32)}-1280.webp`]: 'photo large',
        [`media/profile_pictures/${'b'.repeat(32)}-96.webp`]: 'picture',
        [`chat-files/chat_files/${'c'.repeat(32)}`]: '%PDF-1.4 chat file',
        // Left behind by uploads in progress: never copied.
        [`media/.incoming/${'d'.repeat(32)}.upload`]: 'half an upload',
        [`media/post_photos/.${'e'.repeat(32)}-480.webp.0123456789ab.tmp`]: 'half a size',
      };
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
        writeFileSync(path.join(folder, file), text);
      }
      const progress: string[] = [];
      const env = { ...s3.env, DATA_DIR: path.join(folder, 'unused') };
      const first = await runMediaMigrate([folder], env, (line) => progress.push(line));
      expect(first.code, first.out).toBe(0);
      expect(first.out).toContain('media: 3 copied');
      expect(first.out).toContain('chat-files: 1 copied');
      for (const [file, text] of Object.entries(files).slice(0, 4)) {
        const [area, ...rest] = file.split('/');
        const store = area === 'media' ? stores.media : stores.chat;
        const got = await store.get(rest.join('/'));
        expect((await bytesOf(got)).toString(), file).toBe(text);
      }
      expect(await keysIn(stores.media, '.incoming/')).toEqual([]);
      expect((await keysIn(stores.media, 'post_photos/')).some((k) => k.includes('.tmp'))).toBe(false);

      // Interrupted after some objects (one is missing, one was cut short): the next run finishes it.
      await stores.media.delete(`profile_pictures/${'b'.repeat(32)}-96.webp`);
      await stores.media.put(`post_photos/${'a'.repeat(32)}-480.webp`, Buffer.from('photo'), 'image/webp');
      const again = await runMediaMigrate([folder], env, (line) => progress.push(line));
      expect(again.out).toContain('media: 2 copied');
      expect(again.out).toContain('1 already there');
      expect(again.out).toContain('chat-files: 0 copied');
      expect((await stores.media.head(`post_photos/${'a'.repeat(32)}-480.webp`))?.size).toBe(
        'photo small'.length,
      );

      // Progress is reported as it goes on large folders (every 200 objects).
      const many = createLocalMediaStore(path.join(folder, 'many'));
      for (let i = 0; i < 401; i++) await many.put(`x/${i}.bin`, Buffer.from(String(i)), 'text/plain');
      const reports: number[] = [];
      const count = await copyMedia(many, stores.chat, (c) => reports.push(c.copied + c.skipped));
      expect(count.copied).toBe(401);
      expect(reports).toEqual([200, 400]);
      expect(await runMediaMigrate([], { ...env, MEDIA_STORE: 'local' })).toMatchObject({ code: 2 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
