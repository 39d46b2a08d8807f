import path from 'node:path';
import { Readable } from 'node:stream';
import type { ChatMessage } from '@makan/contract/chat';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { posts } from '../../db/schema/posts.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { multipartBody } from '../../test/form.ts';
import { bytesOf, keysIn } from '../../test/media.ts';
import { type S3TestServer, startS3Server } from '../../test/s3-server.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { createChatFiles } from '../chat/chat-files.ts';
import { createImageStore, IMAGE_VARIANTS } from './image-store.ts';
import { createMediaRepository } from './media.repository.ts';
import type { MediaStore } from './media-store.ts';
import { type MediaStores, openMediaStores } from './media-stores.ts';
import { MEDIA_SWEEP_LOCK, type MediaSweepDeps, sweepMedia } from './media-sweep.ts';

/**
 * One file, two stores (issue 24): every test runs against the local folder and against an S3 bucket
 * (s3rver over real HTTP). The store's own operations, uploads through the API served back through
 * the app, failures that must leave nothing, and the sweep of orphaned images with its lock.
 */

const photo = (width = 640, height = 480) => {
  // Noise, so the encoded sizes differ and nothing compresses to a few bytes.
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + width) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
};

describe.each(['local', 's3'] as const)('media store: %s', (kind) => {
  const messages = capturedMessages();
  let s3: S3TestServer | undefined;
  let app: App;
  let database: DatabaseHandle;
  let stores: MediaStores;
  let dataDir: string;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let peer: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3Server();
    let config: Awaited<ReturnType<typeof createTestApp>>['config'];
    ({ app, database, config } = await createTestApp(s3?.env ?? {}, {
      mailer: messages.mailer,
      sms: messages.sms,
    }));
    dataDir = config.dataDir;
    expect(config.mediaStorage.kind).toBe(kind);
    stores = openMediaStores(config.mediaStorage, config.dataDir);
    await app.ready();
    user = await signedInUser(app, messages, { name: 'Store Tester' });
    peer = await signedInUser(app, messages, { name: 'Store Peer' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    stores?.close();
    await s3?.stop();
  });

  const postPhotos = async (fields: Record<string, string>, photos: Buffer[]) => {
    const body = await multipartBody(
      fields,
      photos.map((bytes, i) => ({ name: `p${i}.jpg`, type: 'image/jpeg', bytes })),
      'media[]',
    );
    return app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: body.payload,
      headers: { ...user.auth, ...body.headers },
    });
  };
  const listing = { property_type: 'office', location: 'Olaya Street', description: 'Stored photos' };

  it('puts from a buffer and from a stream, gets as a stream, heads, lists by prefix and deletes', async () => {
    const store = stores.media;
    const small = Buffer.from('a small object');
    // Larger than one part of a streamed upload (8 MiB): the S3 store sends it in parts.
    const large = Buffer.alloc(9 * 1024 * 1024 + 123, 7);
    await store.put('test_objects/small.bin', small, 'application/octet-stream');
    await store.put(
      'test_objects/deeper/large.bin',
      Readable.from([large.subarray(0, 1e6), large.subarray(1e6)]),
      'application/octet-stream',
    );

    const got = await store.get('test_objects/small.bin');
    expect(got?.size).toBe(small.length);
    expect(got?.etag).toMatch(/^".+"$/);
    expect(await bytesOf(got)).toEqual(small);
    const head = await store.head('test_objects/deeper/large.bin');
    expect(head?.size).toBe(large.length);
    const streamed = await store.get('test_objects/deeper/large.bin');
    expect((await bytesOf(streamed)).equals(large)).toBe(true);

    const listed: Record<string, number> = {};
    for await (const object of store.list('test_objects/')) listed[object.key] = object.size;
    expect(listed).toEqual({
      'test_objects/small.bin': small.length,
      'test_objects/deeper/large.bin': large.length,
    });
    expect(await keysIn(store, 'test_objects/deeper/')).toEqual(['test_objects/deeper/large.bin']);
    expect(await keysIn(store, 'nothing_here/')).toEqual([]);
    // The two areas do not see each other's objects.
    expect(await keysIn(stores.chat, 'test_objects/')).toEqual([]);

    await store.delete('test_objects/small.bin');
    await store.delete('test_objects/deeper/large.bin');
    await store.delete('test_objects/never-was.bin');
    expect(await store.get('test_objects/small.bin')).toBeUndefined();
    expect(await store.head('test_objects/deeper/large.bin')).toBeUndefined();
    expect(await keysIn(store, 'test_objects/')).toEqual([]);
  });

  it('refuses keys that could leave their folder', async () => {
    for (const key of ['../outside', 'a/../../b', '/absolute', 'a//b', '']) {
      await expect(stores.media.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        'not a media key',
      );
    }
  });

  it('a stream that fails half-way leaves no object', async () => {
    async function* broken() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('connection reset');
    }
    await expect(
      stores.media.put('test_broken/x.bin', Readable.from(broken()), 'application/octet-stream'),
    ).rejects.toThrow('connection reset');
    expect(await stores.media.head('test_broken/x.bin')).toBeUndefined();
    expect(await keysIn(stores.media, 'test_broken/')).toEqual([]);
  });

  it('an image whose second size fails to store leaves none of its sizes', async () => {
    let puts = 0;
    const failing: MediaStore = {
      ...stores.media,
      put: async (key, body, type) => {
        puts += 1;
        if (puts === 2) throw new Error('store unavailable');
        return stores.media.put(key, body, type);
      },
    };
    const images = createImageStore({
      store: failing,
      incomingDir: path.join(dataDir, 'media', '.incoming'),
    });
    const before = await keysIn(stores.media, 'post_photos/');
    await expect(images.savePhoto(await photo())).rejects.toThrow('store unavailable');
    expect(await keysIn(stores.media, 'post_photos/')).toEqual(before);
  });

  it('a post photo uploaded through the API is served back through the app, streamed and immutable', async () => {
    const res = await postPhotos(listing, [await photo()]);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data.media[0];
    for (const url of [media.url, media.url_large]) {
      const key = String(url).replace(/^\/media\//, '');
      const stored = await stores.media.get(key);
      expect(stored, key).toBeDefined();
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(served.headers['content-length'])).toBe(stored?.size);
      expect(served.rawPayload.equals(await bytesOf(stored))).toBe(true);
      // A browser revalidating gets a 304 without the bytes.
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(served.headers['content-length']);
      expect(head.headers.etag).toBe(served.headers.etag);
    }
    const missing = await app.inject({ method: 'GET', url: `/media/post_photos/${'0'.repeat(32)}-480.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  it('chat attachments are stored in the chat area and served only through their signed address', async () => {
    const opened = await app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: user.auth,
      payload: { user_id: peer.id },
    });
    const conversation = opened.json().data.id;
    const pdf = Buffer.from('%PDF-1.4\nsome agreement\n%%EOF\n');
    const sent: ChatMessage[] = [];
    for (const file of [
      { name: 'lease.pdf', type: 'application/pdf', bytes: pdf },
      { name: 'site.jpg', type: 'image/jpeg', bytes: await photo() },
    ]) {
      const body = await multipartBody({}, [file], 'file');
      const res = await app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversation}/files`,
        payload: body.payload,
        headers: { ...user.auth, ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(201);
      sent.push(res.json().data);
    }
    const [document, image] = sent;
    expect(await keysIn(stores.chat, 'chat_files/')).toHaveLength(1);
    expect(await keysIn(stores.chat, 'chat_photos/')).toHaveLength(IMAGE_VARIANTS.chat.variants.length);
    // Nothing of the chat is public: not in the media area, not under /media/.
    expect(await keysIn(stores.media, 'chat_photos/')).toEqual([]);

    const served = await app.inject({ method: 'GET', url: document?.file_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    for (const url of [image?.attachments[0]?.url, image?.attachments[0]?.preview_url]) {
      const res = await app.inject({ method: 'GET', url: url ?? '' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
    const forged = (document?.file_url ?? '').replace(
      /signature=([0-9a-f]+)/,
      (_, sig: string) => `signature=${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`,
    );
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('an upload that fails after its photos were stored leaves no object and no row', async () => {
    const before = await keysIn(stores.media, 'post_photos/');
    const postsBefore = await database.db.$count(posts);
    // Two good photos are stored, then the third is junk: the whole form is refused.
    const junk = await postPhotos(listing, [
      await photo(),
      await photo(500, 400),
      Buffer.from('not a photo'),
    ]);
    expect(junk.statusCode, junk.body).toBe(422);
    // The photos are stored, then the post's fields turn out wrong (no property type): no row, no photos.
    const { property_type: _, ...noType } = listing;
    const invalid = await postPhotos(noType, [await photo()]);
    expect(invalid.statusCode, invalid.body).toBe(422);
    expect(await keysIn(stores.media, 'post_photos/')).toEqual(before);
    expect(await database.db.$count(posts)).toBe(postsBefore);
  });

  const imagesOf = () =>
    createImageStore({ store: stores.media, incomingDir: path.join(dataDir, 'media', '.incoming') });
  const chatFilesOf = () =>
    createChatFiles({ store: stores.chat, incomingDir: path.join(dataDir, 'media', '.incoming') });
  const sweepDeps = (overrides: Partial<MediaSweepDeps> = {}): MediaSweepDeps => ({
    images: imagesOf(),
    referenced: createMediaRepository(database.db).referencedKeys,
    chatFiles: chatFilesOf(),
    referencedChatFiles: createMediaRepository(database.db).referencedChatFiles,
    withTryLock: database.withTryLock,
    embedded: false,
    startedAt: new Date(),
    // Two days on: everything written so far is old enough to go if no row names it.
    now: () => new Date(Date.now() + 2 * 86_400_000),
    log: { info: () => undefined, warn: () => undefined },
    ...overrides,
  });

  it('the sweep deletes an orphaned image and keeps every image a row names', async () => {
    const live = await postPhotos(listing, [await photo()]);
    expect(live.statusCode, live.body).toBe(201);
    const liveUrls: string[] = [live.json().data.media[0].url, live.json().data.media[0].url_large];
    // An image whose post never committed (its process was killed in between).
    const images = imagesOf();
    const orphan = (await images.savePhoto(await photo(300, 200))).key;
    const named = (await keysIn(stores.media, 'post_photos/')).filter((k) => !k.includes(orphan));

    const swept = await sweepMedia(sweepDeps(), new AbortController().signal);
    expect(swept.orphans).toBe(1);
    const left = await keysIn(stores.media, 'post_photos/');
    expect(left.some((k) => k.includes(orphan))).toBe(false);
    expect(left).toEqual(named);
    for (const url of liveUrls) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

    // Recent orphans stay: another node may be between storing a photo and committing its post.
    const recent = (await images.savePhoto(await photo(320, 200))).key;
    const now = await sweepMedia(sweepDeps({ now: () => new Date() }), new AbortController().signal);
    expect(now.orphans).toBe(0);
    expect((await keysIn(stores.media, 'post_photos/')).some((k) => k.includes(recent))).toBe(true);
    await images.remove('post', recent);
  });

  it('the sweep deletes chat files no message names, under the same lock, and keeps the ones sent', async () => {
    const opened = await app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: user.auth,
      payload: { user_id: peer.id },
    });
    const conversation = opened.json().data.id;
    const kept = Buffer.from('%PDF-1.4\nsent and kept\n%%EOF\n');
    const body = await multipartBody(
      {},
      [{ name: 'kept.pdf', type: 'application/pdf', bytes: kept }],
      'file',
    );
    const sent = await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversation}/files`,
      payload: body.payload,
      headers: { ...user.auth, ...body.headers },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const fileUrl: string = sent.json().data.file_url;
    // Stored, but their messages never committed (a process killed in between, a send that failed).
    const files = chatFilesOf();
    const orphanFile = await files.save(Buffer.from('%PDF-1.4\nnever sent\n%%EOF\n'), 'orphan.pdf');
    const orphanImage = await files.save(await photo(300, 200), 'orphan.jpg');
    const chatKeys = async () => [
      ...(await keysIn(stores.chat, 'chat_files/')),
      ...(await keysIn(stores.chat, 'chat_photos/')),
    ];
    const before = await chatKeys();
    expect(before.filter((k) => k.includes(orphanFile.storageKey))).toHaveLength(1);
    expect(before.filter((k) => k.includes(orphanImage.storageKey))).toHaveLength(
      IMAGE_VARIANTS.chat.variants.length,
    );

    // Recent orphans stay: another node may be between storing a file and committing its message.
    const early = await sweepMedia(sweepDeps({ now: () => new Date() }), new AbortController().signal);
    expect(early.chatOrphans).toBe(0);
    expect(await chatKeys()).toEqual(before);

    const swept = await sweepMedia(sweepDeps(), new AbortController().signal);
    expect(swept.chatOrphans).toBe(2);
    const left = await chatKeys();
    expect(left).toEqual(
      before.filter((k) => !k.includes(orphanFile.storageKey) && !k.includes(orphanImage.storageKey)),
    );
    const served = await app.inject({ method: 'GET', url: fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(kept)).toBe(true);
  });

  it('the lock lets one sweep run at a time; the other skips its turn', async () => {
    const orphan = (await imagesOf().savePhoto(await photo(200, 200))).key;
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const referenced = createMediaRepository(database.db).referencedKeys;
    const first = sweepMedia(
      sweepDeps({
        referenced: async (kind, keys) => {
          entered();
          await held;
          return referenced(kind, keys);
        },
      }),
      new AbortController().signal,
    );
    await inside;
    const second = await sweepMedia(sweepDeps(), new AbortController().signal);
    expect(second.orphans).toBeNull();
    expect(second.chatOrphans).toBeNull();
    if (database.kind === 'postgres') {
      // Another session (another node) cannot take it either, while the first sweep holds it.
      const other = await database.db.execute(
        sql`select pg_try_advisory_lock(${MEDIA_SWEEP_LOCK}) as locked`,
      );
      expect(other).toMatchObject({ rows: [{ locked: false }] });
    }
    release();
    expect((await first).orphans).toBe(1);
    expect((await keysIn(stores.media, 'post_photos/')).some((k) => k.includes(orphan))).toBe(false);
    // Released: the next sweep runs.
    expect((await sweepMedia(sweepDeps(), new AbortController().signal)).orphans).toBe(0);
  });
});

describe('media store configuration', () => {
  it('is the local folder unless told otherwise; s3 needs a bucket, and both keys or neither', () => {
    expect(loadConfig({}).mediaStorage).toEqual({ kind: 'local' });
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/MEDIA_STORE=s3 needs S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b1', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /needs S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ MEDIA_STORE: 'gcs' })).toThrow(ConfigError);
    expect(() => loadConfig({ MEDIA_PUBLIC_BASE_URL: 'cdn.example' })).toThrow(ConfigError);
    expect(loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media-bucket' }).mediaStorage).toEqual({
      kind: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'media-bucket',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('with MEDIA_PUBLIC_BASE_URL, images are linked there and the CSP allows that origin', async () => {
    const messages = capturedMessages();
    const { app } = await createTestApp(
      { MEDIA_PUBLIC_BASE_URL: 'https://cdn.makan.example/' },
      { mailer: messages.mailer, sms: messages.sms },
    );
    try {
      const user = await signedInUser(app, messages);
      const body = await multipartBody(
        {},
        [{ name: 'me.jpg', type: 'image/jpeg', bytes: await photo() }],
        'picture',
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        payload: body.payload,
        headers: { ...user.auth, ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().data.profile.picture.url;
      expect(url).toMatch(/^https:\/\/cdn\.makan\.example\/media\/profile_pictures\/[0-9a-f]{32}-192\.webp$/);
      // The app still serves the same path: a CDN in front of it pulls from there.
      const served = await app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(String(served.headers['content-security-policy'])).toMatch(
        /img-src [^;]*https:\/\/cdn\.makan\.example/,
      );
    } finally {
      await app.close();
    }
  });
});
