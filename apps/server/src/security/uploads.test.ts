import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { ChatMessage } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import { formatText, HTTP_TEXT, TEXT } from '@makan/contract/texts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { App } from '../lib/http.ts';
import { capturedMessages } from '../test/auth-helpers.ts';
import { type FileSpec, multipartBody } from '../test/form.ts';
import { createTestApp } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';

/**
 * Every hostile upload against every upload route (issue 8): each is refused with the spec's
 * status and text and leaves no file behind (stored media, chat files, temporary uploads), or,
 * where the route accepts plain text (chat files), is kept as inert text and served as a download.
 */

const messages = capturedMessages();
let app: App;
let dataDir: string;
type User = Awaited<ReturnType<typeof signedInUser>>;
const users: Record<RouteName, User | undefined> = {
  post: undefined,
  picture: undefined,
  cover: undefined,
  chat: undefined,
};
let chatPeer: User;
let conversationId: number;

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, config } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  dataDir = config.dataDir;
  await app.ready();
  // One user per route: the per-user upload budgets stay far away.
  for (const name of ROUTE_NAMES) users[name] = await signedInUser(app, messages, { name: 'Upload Tester' });
  chatPeer = await signedInUser(app, messages, { name: 'Chat Peer' });
  const opened = await app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: userOf('chat').auth,
    payload: { user_id: chatPeer.id },
  });
  expect([200, 201]).toContain(opened.statusCode);
  conversationId = opened.json().data.id;
}, 60_000);
afterAll(() => app?.close());

const ROUTE_NAMES = ['post', 'picture', 'cover', 'chat'] as const;
type RouteName = (typeof ROUTE_NAMES)[number];

function userOf(name: RouteName): User {
  const user = users[name];
  if (!user) throw new Error(`no user for ${name}`);
  return user;
}

/** Every file under the folders uploads touch, hidden and temporary ones included. */
function filesOnDisk(): string[] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    } catch {
      return [];
    }
  };
  return [...walk(path.join(dataDir, 'media')), ...walk(path.join(dataDir, 'chat-files'))].sort();
}

async function send(route: RouteName, files: FileSpec[]) {
  const user = userOf(route);
  const url = {
    post: '/api/posts',
    picture: '/api/profile/picture',
    cover: '/api/profile/cover',
    chat: `/api/chat/conversations/${conversationId}/files`,
  }[route];
  const field = { post: 'media[]', picture: 'picture', cover: 'cover', chat: 'file' }[route];
  const fields: Record<string, string> =
    route === 'post'
      ? { property_type: 'office', location: 'King Fahd Road', description: 'Hostile upload' }
      : {};
  const body = await multipartBody(fields, files, field);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...user.auth, ...body.headers },
  });
}

// ---------------------------------------------------------------------------------------------
// The hostile files

const jpeg = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 150, b: 136 } } })
    .jpeg()
    .toBuffer();

/** A 64 × 64 PNG whose header (IHDR, CRC fixed) claims 50,000 × 50,000 pixels: 2.5 gigapixels. */
async function pixelBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(50_000, 16);
  bomb.writeUInt32BE(50_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/** A real photo's first half: the signature and headers are right, the picture data stops. */
async function truncatedJpeg(): Promise<Buffer> {
  const noisy = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noisy.length; i++) noisy[i] = (i * 7919) % 251;
  const whole = await sharp(noisy, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

const HTML =
  '<!doctype html><html><body><script>alert(document.cookie)</script><img src=x onerror=alert(1)></body></html>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="10" height="10"><script>alert(2)</script><rect width="10" height="10"/></svg>';

/** Where a traversal would land if a name were ever used as a path: it must never appear. */
const TRAVERSAL_TARGET = path.join(tmpdir(), `makan-traversal-${process.pid}.jpg`);
const TRAVERSAL_NAME = `../../../../../../../..${TRAVERSAL_TARGET}`;

type Attack = {
  name: string;
  files: () => Promise<FileSpec[]>;
  /** What the image routes (post photos, picture, cover) answer. */
  image: Refusal | 'stored';
  /** What chat files answer: refused, or kept as plain text (a download), or stored as an image. */
  chat: Refusal | 'text' | 'stored';
};
/** A refusal; `expected` turns it into each route's status, envelope message and field error. */
type Refusal = { kind: 'invalid' | 'tooLarge' | 'tooMany' };

const invalid: Refusal = { kind: 'invalid' };
const tooLarge: Refusal = { kind: 'tooLarge' };
const tooMany: Refusal = { kind: 'tooMany' };

const ATTACKS: Attack[] = [
  {
    name: 'a text file named .jpg',
    files: async () => [
      { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('Just some text, not a photo.\n') },
    ],
    image: invalid,
    chat: 'text',
  },
  {
    name: 'an HTML file with a script',
    files: async () => [{ name: 'page.html', type: 'text/html', bytes: Buffer.from(HTML) }],
    image: invalid,
    chat: 'text',
  },
  {
    name: 'an HTML file with a script, named .jpg',
    files: async () => [{ name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from(HTML) }],
    image: invalid,
    chat: 'text',
  },
  {
    name: 'an SVG with a script',
    files: async () => [{ name: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from(SVG) }],
    image: invalid,
    chat: 'text',
  },
  {
    name: 'a PNG claiming 50,000 × 50,000 pixels',
    files: async () => [{ name: 'bomb.png', type: 'image/png', bytes: await pixelBomb() }],
    image: tooLarge,
    chat: tooLarge,
  },
  {
    name: 'a truncated JPEG',
    files: async () => [{ name: 'cut.jpg', type: 'image/jpeg', bytes: await truncatedJpeg() }],
    image: invalid,
    chat: invalid,
  },
  {
    name: 'a path-traversal name on a file that is not an image',
    files: async () => [
      { name: TRAVERSAL_NAME, type: 'image/jpeg', bytes: Buffer.from([0x4d, 0x5a, 0, 1, 2]) },
    ],
    image: invalid,
    chat: invalid,
  },
  {
    name: 'a path-traversal name on a real photo',
    files: async () => [{ name: TRAVERSAL_NAME, type: 'image/jpeg', bytes: await jpeg() }],
    image: 'stored',
    chat: 'stored',
  },
  {
    name: '10 MB + 1 byte',
    files: async () => {
      const bytes = Buffer.alloc(LIMITS.fileMaxBytes + 1);
      bytes.set([0xff, 0xd8, 0xff, 0xe0]);
      return [{ name: 'huge.jpg', type: 'image/jpeg', bytes }];
    },
    image: tooLarge,
    chat: tooLarge,
  },
  {
    name: '11 files',
    files: async () => {
      const bytes = await jpeg(64, 48);
      return Array.from({ length: LIMITS.imagesPerPost + 1 }, (_, i) => ({
        name: `photo-${i + 1}.jpg`,
        type: 'image/jpeg',
        bytes,
      }));
    },
    image: tooMany,
    chat: tooMany,
  },
];

/** The status, envelope message and field error each route answers for a refusal. */
function expected(
  route: RouteName,
  refusal: Refusal,
): { status: number; message: string; field?: [string, string] } {
  const n = 1;
  if (refusal.kind === 'tooMany') {
    // Posts take ten photos and say so; a picture, a cover and a chat message take one file.
    if (route === 'post') {
      const text = formatText(TEXT.tooManyImages, { count: LIMITS.imagesPerPost });
      return { status: 422, message: HTTP_TEXT[422], field: ['media', text] };
    }
    return { status: 413, message: HTTP_TEXT[413] };
  }
  if (route === 'chat') {
    if (refusal.kind === 'tooLarge') {
      const text = formatText(TEXT.attachmentTooLarge, { n });
      return { status: 413, message: text, field: ['file', text] };
    }
    const text = formatText(TEXT.attachmentType, { n });
    return { status: 422, message: text, field: ['file', text] };
  }
  const field = route === 'post' ? 'media' : 'file';
  if (refusal.kind === 'tooLarge') {
    return { status: 413, message: TEXT.imageTooLarge, field: [field, TEXT.imageTooLarge] };
  }
  return { status: 422, message: HTTP_TEXT[422], field: [field, TEXT.invalidImage] };
}

describe.each(ROUTE_NAMES)('uploads to %s', (route) => {
  it.each(ATTACKS)('$name', async (attack) => {
    const outcome = route === 'chat' ? attack.chat : attack.image;
    const before = filesOnDisk();
    const res = await send(route, await attack.files());

    if (typeof outcome === 'object') {
      const want = expected(route, outcome);
      expect(res.statusCode, res.body).toBe(want.status);
      const body = res.json();
      expect(body.status).toBe(false);
      expect(body.message).toBe(want.message);
      if (want.field) expect(body.errors?.[want.field[0]]).toEqual([want.field[1]]);
      expect(filesOnDisk()).toEqual(before);
      return;
    }

    expect(existsSync(TRAVERSAL_TARGET)).toBe(false);
    expect([200, 201], res.body).toContain(res.statusCode);
    const added = filesOnDisk().filter((f) => !before.includes(f));
    // Nothing temporary is left, and whatever was written is inside the data folder under a random key.
    expect(added.every((f) => !path.basename(f).startsWith('.'))).toBe(true);
    expect(added.every((f) => /^[0-9a-f]{32}(-\d+\.webp)?$/.test(path.basename(f)))).toBe(true);

    if (outcome === 'stored') {
      expect(added.length).toBeGreaterThan(0);
      const data = res.json().data;
      if (route === 'post') {
        const name: string = data.media[0].file_name;
        expect(name).toBe(path.basename(TRAVERSAL_TARGET));
      }
      if (route === 'chat') {
        expect((data as ChatMessage).file_name).toBe(`${path.basename(TRAVERSAL_TARGET, '.jpg')}.webp`);
      }
      return;
    }

    // Chat keeps text as text: a download, never a page or an image the browser would run.
    expect(added).toHaveLength(1);
    const message: ChatMessage = res.json().data;
    expect(message.type).toBe('file');
    expect(message.file_name).toMatch(/\.txt$/);
    expect(message.attachments[0]?.mime_type).toBe('text/plain');
    const served = await app.inject({ method: 'GET', url: message.file_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
  });
});

describe('stored images carry no EXIF or GPS', () => {
  /** A JPEG carrying a GPS position, a camera and an owner, as phones write them. */
  const withGps = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 60, b: 30 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Leaky 12', Copyright: 'owner-name-secret' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '24/1 42/1 3600/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '46/1 40/1 1200/100',
        },
      })
      .toBuffer();

  it('the test photo does carry them', async () => {
    const meta = await sharp(await withGps()).metadata();
    expect(meta.exif?.includes(Buffer.from('owner-name-secret'))).toBe(true);
  });

  async function expectClean(files: string[]) {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      for (const leak of ['owner-name-secret', 'PhoneCo', 'Leaky 12', 'Exif']) {
        expect(bytes.includes(Buffer.from(leak)), `${leak} in ${file}`).toBe(false);
      }
    }
  }

  it.each(['post', 'picture'] as const)('a %s made from a JPEG with GPS', async (route) => {
    const before = filesOnDisk();
    const res = await send(route, [{ name: 'gps.jpg', type: 'image/jpeg', bytes: await withGps() }]);
    expect([200, 201], res.body).toContain(res.statusCode);
    await expectClean(filesOnDisk().filter((f) => !before.includes(f)));
  });
});

describe('served files: a safe type, nosniff, never HTML', () => {
  it('media files are WebP with nosniff and a CSP', async () => {
    const res = await send('picture', [{ name: 'me.jpg', type: 'image/jpeg', bytes: await jpeg() }]);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.profile.picture.url;
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('media serves nothing but stored WebP files: no hidden, temporary or guessed paths', async () => {
    // Files that must never be served even if something put them there.
    const media = path.join(dataDir, 'media');
    const planted = [
      path.join(media, '.incoming', 'x.upload'),
      path.join(media, 'profile_pictures', 'evil.html'),
      path.join(media, 'profile_pictures', 'evil.svg'),
    ];
    for (const file of planted) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, SVG);
    }
    onTestFinished(() => {
      for (const file of planted) rmSync(file, { force: true });
    });
    for (const url of [
      '/media/.incoming/x.upload',
      '/media/profile_pictures/../../db/PG_VERSION',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/profile_pictures/evil.html',
      '/media/profile_pictures/evil.svg',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      // The JSON 404, or the web app's 404 page for a path that normalises outside /media.
      expect(String(res.headers['content-type']), url).toMatch(/^(application\/json|text\/html)/);
      expect(res.rawPayload.subarray(0, 4).toString('latin1'), url).not.toBe('RIFF');
    }
  });

  it('chat photos are served as WebP images, inline, with nosniff and a sandbox', async () => {
    const res = await send('chat', [{ name: 'office.jpg', type: 'image/jpeg', bytes: await jpeg() }]);
    expect(res.statusCode, res.body).toBe(201);
    const message: ChatMessage = res.json().data;
    for (const url of [message.attachments[0]?.url, message.attachments[0]?.preview_url]) {
      const served = await app.inject({ method: 'GET', url: url ?? '' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-security-policy'])).toContain('sandbox');
    }
  });

  it('a PDF is a download with its own type and nosniff', async () => {
    const pdf = Buffer.from('%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n');
    const res = await send('chat', [{ name: 'contract.html', type: 'text/html', bytes: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    const message: ChatMessage = res.json().data;
    expect(message.file_name).toBe('contract.pdf');
    const served = await app.inject({ method: 'GET', url: message.file_url ?? '' });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-disposition'])).toMatch(/^attachment;/);
  });
});
