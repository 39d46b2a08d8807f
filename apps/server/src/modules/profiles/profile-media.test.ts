import { existsSync } from 'node:fs';
import path from 'node:path';
import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { IMAGE_VARIANTS, type ImageKind } from '../media/image-store.ts';

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let mediaDir: string;

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, database, config } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  mediaDir = path.join(config.dataDir, 'media');
  await app.ready();
});
afterAll(() => app?.close());

let seq = 0;
/** Registers, verifies (with the mailed code) and logs in a new user over HTTP. */
async function signedIn() {
  seq += 1;
  const ip = `198.18.7.${seq}`;
  const person = {
    name: 'Noura Al Qahtani',
    email: `media${seq}.${process.pid}@example.com`,
    phone: `+9665${String(70_000_000 + seq * 7919 + (process.pid % 1000)).padStart(8, '0')}`,
    password: 'Secret123',
    password_confirmation: 'Secret123',
    user_type: 'retail',
  };
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const reg = await post('/api/auth/register', person);
  expect(reg.statusCode, reg.body).toBe(201);
  const code = messages.lastEmailCode(person.email);
  const verify = await post('/api/auth/verify-otp', { identifier: person.email, code, type: 'registration' });
  expect(verify.statusCode, verify.body).toBe(200);
  const login = await post('/api/auth/login', { identifier: person.email, password: person.password });
  expect(login.statusCode, login.body).toBe(200);
  const data = login.json().data as { token: string; user: { id: number } };
  return { id: data.user.id, headers: { authorization: `Bearer ${data.token}` } };
}
type Who = Awaited<ReturnType<typeof signedIn>>;

/** A multipart body as a browser's FormData makes it. */
async function multipart(field: string, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('note', 'sent with the file');
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

async function upload(
  kind: ImageKind,
  who: Who | undefined,
  bytes: Uint8Array,
  { field = kind === 'picture' ? 'picture' : 'cover', filename = 'photo.jpg', type = 'image/jpeg' } = {},
) {
  const body = await multipart(field, bytes, filename, type);
  return app.inject({
    method: 'POST',
    url: `/api/profile/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...who?.headers },
  });
}

const remove = (kind: ImageKind, who?: Who) =>
  app.inject({ method: 'DELETE', url: `/api/profile/${kind}`, headers: who?.headers ?? {} });

const photo = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '24/1 42/1 46/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '46/1 40/1 30/1',
      },
    })
    .toBuffer();

/** The stored files of the image behind a URL such as /media/profile_pictures/<key>-192.webp. */
function filesOf(kind: ImageKind, url: string) {
  const key = /\/([0-9a-f]{32})-\d+\.webp$/.exec(url)?.[1];
  expect(key).toBeDefined();
  return IMAGE_VARIANTS[kind].variants.map((v) =>
    path.join(mediaDir, IMAGE_VARIANTS[kind].folder, `${key}-${v.size}.webp`),
  );
}

async function keysInDatabase(id: number) {
  const [row] = await database.db
    .select({ picture: users.pictureKey, cover: users.coverKey })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe('POST /api/profile/picture', () => {
  it('stores the picture of the signed-in user, served at the returned URL as an immutable WebP', async () => {
    const who = await signedIn();
    const input = await photo();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const res = await upload('picture', who, input);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: TEXT.pictureUpdated, data: { id: who.id } });
    const url: string = body.data.profile.picture.url;
    expect(url).toMatch(/^\/media\/profile_pictures\/[0-9a-f]{32}-192\.webp$/);
    expect(url).not.toContain('photo');

    const served = await app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 192, 192]);
    expect([meta.exif, meta.icc, meta.xmp]).toEqual([undefined, undefined, undefined]);
    expect(served.rawPayload.includes('PhoneCo')).toBe(false);

    for (const file of filesOf('picture', url)) expect(existsSync(file), file).toBe(true);
    const sizes = await Promise.all(
      [96, 384].map(async (size) => (await app.inject(url.replace('-192.', `-${size}.`))).statusCode),
    );
    expect(sizes).toEqual([200, 200]);
  });

  it('accepts the file under "image" or "file" too, and PNG, WebP and GIF whatever their names', async () => {
    const who = await signedIn();
    const base = sharp({ create: { width: 200, height: 120, channels: 4, background: '#c0ffee80' } });
    const cases: [string, Buffer, string][] = [
      ['image', await base.clone().png().toBuffer(), 'scan.png'],
      ['file', await base.clone().webp().toBuffer(), 'image.jpg'],
      ['picture', await base.clone().gif().toBuffer(), 'no-extension'],
    ];
    for (const [field, bytes, filename] of cases) {
      const res = await upload('picture', who, bytes, { field, filename, type: 'application/octet-stream' });
      expect(res.statusCode, `${field} ${filename}: ${res.body}`).toBe(200);
    }
  });

  it('replacing the picture deletes the old files', async () => {
    const who = await signedIn();
    const first = (await upload('picture', who, await photo())).json().data.profile.picture.url as string;
    const second = (await upload('picture', who, await photo(300, 300))).json().data.profile.picture
      .url as string;
    expect(second).not.toBe(first);
    for (const file of filesOf('picture', first)) expect(existsSync(file), file).toBe(false);
    for (const file of filesOf('picture', second)) expect(existsSync(file), file).toBe(true);
    const gone = await app.inject(first);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ request_id: expect.any(String), status: false, message: HTTP_TEXT[404] });
    expect((await app.inject(second)).statusCode).toBe(200);
  });

  it('refuses a text file renamed .jpg, by its bytes, with the spec text', async () => {
    const who = await signedIn();
    const text = new TextEncoder().encode('Not a picture at all, only words in a file called me.jpg\n');
    const res = await upload('picture', who, text, { filename: 'me.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      request_id: expect.any(String),
      status: false,
      message: HTTP_TEXT[422],
      errors: { file: [TEXT.invalidImage] },
      codes: { file: [{ code: 'invalidImage' }] },
    });
    expect((await keysInDatabase(who.id))?.picture).toBeNull();
  });

  it('refuses an image over 10 MB with 413 "Image size limit exceeded"', async () => {
    const who = await signedIn();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await photo());
    const res = await upload('picture', who, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, message: 'Image size limit exceeded' });
    expect(res.json().message).toBe(TEXT.imageTooLarge);
    expect((await keysInDatabase(who.id))?.picture).toBeNull();
  });

  it('asks for an image when there is none: no file, an empty one, another field, or JSON', async () => {
    const who = await signedIn();
    const expected = {
      status: false,
      message: HTTP_TEXT[422],
      errors: { file: [TEXT.noImage] },
      codes: { file: [{ code: 'noImage' }] },
    };
    const onlyFields = new FormData();
    onlyFields.append('picture', 'a string, not a file');
    const encoded = new Response(onlyFields);
    const answers = [
      await app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type') ?? '', ...who.headers },
      }),
      await upload('picture', who, new Uint8Array(0)),
      await upload('picture', who, await photo(), { field: 'avatar_upload' }),
      await app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        payload: { picture: 'x' },
        headers: who.headers,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ ...expected, request_id: res.headers['x-request-id'] });
    }
  });
});

describe('DELETE /api/profile/picture', () => {
  it('removes the picture and its files; removing again still succeeds', async () => {
    const who = await signedIn();
    const url = (await upload('picture', who, await photo())).json().data.profile.picture.url as string;
    const res = await remove('picture', who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: TEXT.pictureDeleted, data: { id: who.id } });
    expect(res.json().data.profile.picture).toBeNull();
    for (const file of filesOf('picture', url)) expect(existsSync(file), file).toBe(false);
    expect((await app.inject(url)).statusCode).toBe(404);
    expect((await remove('picture', who)).statusCode).toBe(200);
  });
});

describe('cover photo', () => {
  it('uploads a 1200 × 384 banner (and its 2× size), replaces and removes it', async () => {
    const who = await signedIn();
    const res = await upload('cover', who, await photo(2000, 900), { field: 'file' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: TEXT.coverUpdated });
    const url = res.json().data.profile.cover_photo.url as string;
    expect(url).toMatch(/^\/media\/cover_photos\/[0-9a-f]{32}-1200\.webp$/);
    const meta = await sharp((await app.inject(url)).rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1200, 384, undefined]);
    const large = await sharp((await app.inject(url.replace('-1200.', '-2400.'))).rawPayload).metadata();
    expect([large.width, large.height]).toEqual([2400, 768]);
    expect(res.json().data.profile.picture).toBeNull();

    const replaced = (await upload('cover', who, await photo())).json().data.profile.cover_photo
      .url as string;
    for (const file of filesOf('cover', url)) expect(existsSync(file), file).toBe(false);

    const removed = await remove('cover', who);
    expect(removed.json()).toMatchObject({ status: true, message: TEXT.coverDeleted });
    expect(removed.json().data.profile.cover_photo).toBeNull();
    for (const file of filesOf('cover', replaced)) expect(existsSync(file), file).toBe(false);
  });
});

describe('who may change a picture', () => {
  it('needs a signed-in user on all four routes', async () => {
    const bytes = await photo();
    const answers = [
      await upload('picture', undefined, bytes),
      await upload('cover', undefined, bytes),
      await remove('picture'),
      await remove('cover'),
      await app.inject({ method: 'POST', url: '/api/profile/picture', payload: {} }),
      await upload('picture', { id: 0, headers: { authorization: 'Bearer not-a-real-token' } }, bytes),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ request_id: expect.any(String), status: false, message: HTTP_TEXT[401] });
    }
  });

  it("changes only the caller's own picture: another user's upload and delete leave it alone", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const ownerUrl = (await upload('picture', owner, await photo())).json().data.profile.picture
      .url as string;
    const ownerKeys = await keysInDatabase(owner.id);

    const res = await upload('picture', other, await photo(320, 320));
    expect(res.json().data.id).toBe(other.id);
    expect(res.json().data.profile.picture.url).not.toBe(ownerUrl);
    expect(await keysInDatabase(owner.id)).toEqual(ownerKeys);
    expect((await remove('picture', other)).statusCode).toBe(200);
    expect(await keysInDatabase(owner.id)).toEqual(ownerKeys);
    for (const file of filesOf('picture', ownerUrl)) expect(existsSync(file), file).toBe(true);
    expect((await app.inject(ownerUrl)).statusCode).toBe(200);
  });
});

describe('media serving and the rest of the API', () => {
  it('answers the JSON 404 for missing media, lists no folders and serves nothing outside it', async () => {
    for (const url of [
      `/media/profile_pictures/${'0'.repeat(32)}-192.webp`,
      '/media/profile_pictures/',
      '/media/profile_pictures',
      '/media/',
      '/media/cover_photos/.hidden.tmp',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        request_id: expect.any(String),
        status: false,
        message: HTTP_TEXT[404],
      });
    }
    for (const url of [
      '/media/../config.ts',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/..%2f..%2fpackage.json',
    ]) {
      const res = await app.inject(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.json().status, url).toBe(false);
    }
  });

  it('accepts multipart bodies on these routes only: other routes stay JSON', async () => {
    const body = await multipart('picture', await photo(), 'photo.jpg', 'image/jpeg');
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', ...body });
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe(false);
  });

  it('documents the four routes in a valid OpenAPI document', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    for (const kind of ['picture', 'cover']) {
      const ops = doc.paths[`/api/profile/${kind}`];
      expect(ops.post.tags).toEqual(['profiles']);
      expect(ops.post.description).toContain('multipart/form-data');
      expect(ops.post.requestBody.content['multipart/form-data'].schema.properties[kind]).toMatchObject({
        type: 'string',
        format: 'binary',
      });
      expect(ops.post.responses['413']).toBeDefined();
      expect(ops.delete.responses['200']).toBeDefined();
    }
    const validation = await new Validator().validate(doc);
    expect(validation.errors ?? []).toEqual([]);
  });
});
