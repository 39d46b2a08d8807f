import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { LIMITS } from '@makan/contract/limits';
import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { localImages } from '../../test/media.ts';
import { IMAGE_VARIANTS, type ImageKind, removeQuietly } from './image-store.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'makan-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = localImages(dir);

type Rgb = [number, number, number];

/** Raw pixels in four quadrants (top-left, top-right, bottom-left, bottom-right), as stored. */
function quadrants(width: number, height: number, colours: [Rgb, Rgb, Rgb, Rgb]) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] ?? [0, 0, 0];
      data.set(colour, (y * width + x) * 3);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

const RED: Rgb = [220, 30, 30];
const GREEN: Rgb = [30, 200, 30];
const BLUE: Rgb = [30, 30, 220];
const WHITE: Rgb = [250, 250, 250];
const picture = () => quadrants(320, 240, [RED, GREEN, BLUE, WHITE]);

/** The refusal a call ends with, as status, message and field errors. */
async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { statusCode, message, errors } = err as AppError;
  return { statusCode, message, errors };
}

const invalid = { statusCode: 422, message: HTTP_TEXT[422], errors: { file: [TEXT.invalidImage] } };
const tooLarge = { statusCode: 413, message: TEXT.imageTooLarge, errors: { file: [TEXT.imageTooLarge] } };

function storedFile(kind: ImageKind, key: string, size: number) {
  return path.join(dir, IMAGE_VARIANTS[kind].folder, `${key}-${size}.webp`);
}

/** Every size of a stored image: real WebP, exact dimensions, and no metadata of any kind. */
async function expectStored(kind: ImageKind, key: string) {
  for (const variant of IMAGE_VARIANTS[kind].variants) {
    const meta = await sharp(storedFile(kind, key, variant.size)).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  }
}

/** The GPS latitude in an EXIF block (degrees, minutes, seconds), read by walking its TIFF structure. */
function gpsLatitude(exif: Buffer): number[] | undefined {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12).map((at) => ({
      tag: u16(at),
      value: u32(at + 8),
    }));
  const gpsIfd = entries(u32(4)).find((e) => e.tag === 0x8825)?.value;
  if (gpsIfd === undefined) return undefined;
  const latitude = entries(gpsIfd).find((e) => e.tag === 0x0002)?.value;
  if (latitude === undefined) return undefined;
  return [0, 1, 2].map((i) => u32(latitude + i * 8) / u32(latitude + i * 8 + 4));
}

describe('image store: what it accepts', () => {
  it.each([
    ['JPEG', () => picture().jpeg().toBuffer()],
    ['PNG', () => picture().png().toBuffer()],
    ['WebP', () => picture().webp().toBuffer()],
    ['GIF', () => picture().gif().toBuffer()],
    ['PNG with transparency', () => picture().ensureAlpha(0.5).png().toBuffer()],
  ])('stores a %s as WebP in every picture size', async (_name, make) => {
    const key = await store.save('picture', await make());
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await expectStored('picture', key);
  });

  it('stores a cover as a 1200 × 384 banner and its 2× version', async () => {
    const key = await store.save('cover', await picture().jpeg().toBuffer());
    await expectStored('cover', key);
    expect(store.url('cover', key)).toBe(`/media/cover_photos/${key}-1200.webp`);
    expect(store.url('cover', key, 2400)).toBe(`/media/cover_photos/${key}-2400.webp`);
  });

  it('names files by a new random key each time, and leaves no temporary files', async () => {
    const bytes = await picture().png().toBuffer();
    const [a, b] = [await store.save('picture', bytes), await store.save('picture', bytes)];
    expect(a).not.toBe(b);
    const names = await readdir(path.join(dir, 'profile_pictures'));
    expect(names.filter((n) => n.startsWith(a)).sort()).toEqual([
      `${a}-192.webp`,
      `${a}-384.webp`,
      `${a}-96.webp`,
    ]);
    expect(names.every((n) => /^[0-9a-f]{32}-\d+\.webp$/.test(n))).toBe(true);
  });

  it('answers the URL of a size, 192 by default for pictures', async () => {
    const key = 'ab'.repeat(16);
    expect(store.url('picture', key)).toBe(`/media/profile_pictures/${key}-192.webp`);
    expect(store.url('picture', key, 96)).toBe(`/media/profile_pictures/${key}-96.webp`);
    expect(() => store.url('picture', key, 100)).toThrow();
  });
});

describe('image store: type from the bytes, never the name', () => {
  it('refuses a text file, whatever it is called', async () => {
    const text = Buffer.from('This is not a photo, only text saved as holiday.jpg\n'.repeat(20));
    expect(await refusal(store.save('picture', text))).toEqual(invalid);
  });

  it('refuses an SVG, which the decoder could otherwise read', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    expect(await refusal(store.save('picture', svg))).toEqual(invalid);
  });

  it('refuses other image formats (TIFF) and a JPEG signature followed by junk', async () => {
    expect(await refusal(store.save('picture', await picture().tiff().toBuffer()))).toEqual(invalid);
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(await refusal(store.save('picture', junk))).toEqual(invalid);
  });

  it('refuses a PNG whose body is cut off', async () => {
    const png = await quadrants(400, 400, [RED, GREEN, BLUE, WHITE]).png({ compressionLevel: 0 }).toBuffer();
    expect(await refusal(store.save('picture', png.subarray(0, png.length / 2)))).toEqual(invalid);
  });

  it('refuses an empty file', async () => {
    expect(await refusal(store.save('picture', Buffer.alloc(0)))).toEqual(invalid);
  });
});

describe('image store: size limits', () => {
  it('refuses more than 10 MB with the spec text, before decoding anything', async () => {
    const bytes = Buffer.alloc(LIMITS.fileMaxBytes + 1);
    bytes.set([0xff, 0xd8, 0xff]);
    expect(await refusal(store.save('picture', bytes))).toEqual(tooLarge);
  });

  it('refuses a decompression bomb: a small file that claims a huge number of pixels', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    // Rewrite the IHDR chunk (width and height at bytes 16-23, its CRC at 29-32) to 60000 × 60000.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([60_000, 60_000]);
    expect(bomb.length).toBeLessThan(1000);
    expect(await refusal(store.save('picture', bomb))).toEqual(tooLarge);
  });
});

describe('image store: re-encoding', () => {
  it('strips all metadata: a JPEG with a GPS position is stored with no EXIF, ICC or XMP', async () => {
    const input = await picture()
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Camera 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '24/1 42/1 46/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '46/1 40/1 30/1',
        },
      })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(gpsLatitude(before.exif ?? Buffer.alloc(0))).toEqual([24, 42, 46]);
    expect(input.includes('PhoneCo')).toBe(true);

    for (const kind of ['picture', 'cover'] as const) {
      const key = await store.save(kind, input);
      await expectStored(kind, key);
      for (const variant of IMAGE_VARIANTS[kind].variants) {
        const bytes = await readFile(storedFile(kind, key, variant.size));
        expect(bytes.includes('Exif')).toBe(false);
        expect(bytes.includes('PhoneCo')).toBe(false);
      }
    }
  });

  it('drops an embedded colour profile and converts to sRGB', async () => {
    const input = await picture().jpeg().withIccProfile('p3').toBuffer();
    expect((await sharp(input).metadata()).icc).toBeDefined();
    await expectStored('picture', await store.save('picture', input));
  });

  it('turns an image upright by its EXIF orientation (6: rotate 90° clockwise)', async () => {
    // Stored sideways, 400 × 200: red | green on top, blue | white below. Shown upright it is
    // 200 × 400 with blue top-left, red top-right, white bottom-left, green bottom-right.
    const input = await quadrants(400, 200, [RED, GREEN, BLUE, WHITE])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect([before.width, before.height]).toEqual([400, 200]);
    expect(before.autoOrient).toEqual({ width: 200, height: 400 });

    // A cover is wider than tall, so it crops a band across the middle of the upright image:
    // its top half is one upright row (blue | red) or the other (white | green), never red | green.
    const key = await store.save('cover', input);
    const { data, info } = await sharp(storedFile('cover', key, 1200))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const near = (colour: number[], expected: Rgb) =>
      colour.every((c, i) => Math.abs(c - (expected[i] ?? 0)) < 40);
    const left = at(100, 10);
    const right = at(1100, 10);
    const upright = (near(left, BLUE) && near(right, RED)) || (near(left, WHITE) && near(right, GREEN));
    expect(upright, `left ${left} right ${right}`).toBe(true);

    // A square picture of the upright image keeps its left column of colours (blue over white).
    const pictureKey = await store.save('picture', input);
    const square = await sharp(storedFile('picture', pictureKey, 384))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...square.data.subarray((y * 384 + x) * 3, (y * 384 + x) * 3 + 3)];
    expect(near(px(20, 20), RED) || near(px(20, 20), GREEN)).toBe(false);
  });
});

describe('image store: removal', () => {
  it('deletes every size, and a missing file or unknown key is fine', async () => {
    const key = await store.save('picture', await picture().png().toBuffer());
    await store.remove('picture', key);
    for (const variant of IMAGE_VARIANTS.picture.variants) {
      await expect(stat(storedFile('picture', key, variant.size))).rejects.toThrow();
    }
    await store.remove('picture', key);
    await store.remove('cover', '../../etc/passwd');
  });
});

describe('image store: uploads received as temporary files', () => {
  const incoming = () => readdir(path.join(dir, '.incoming')).catch(() => []);

  it('stores a photo read from its temporary file exactly as from its bytes, and the file goes', async () => {
    const bytes = await picture().jpeg().toBuffer();
    const upload = await store.receive(Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]));
    expect(upload.size).toBe(bytes.length);
    try {
      const fromFile = await store.savePhoto({ file: upload.file });
      const fromBytes = await store.savePhoto(bytes);
      expect({ ...fromFile, key: '' }).toEqual({ ...fromBytes, key: '' });
    } finally {
      await upload.dispose();
    }
    expect(await incoming()).toEqual([]);
  });

  it('refuses junk and over 10 MB from a file with the same texts', async () => {
    const junk = await store.receive(Readable.from([Buffer.from('just some text')]));
    expect(await refusal(store.savePhoto({ file: junk.file }))).toEqual(invalid);
    await junk.dispose();
    const big = Buffer.alloc(LIMITS.fileMaxBytes + 1);
    (await picture().png().toBuffer()).copy(big);
    const large = await store.receive(Readable.from([big]));
    expect(await refusal(store.savePhoto({ file: large.file }))).toEqual(tooLarge);
    await large.dispose();
    expect(await incoming()).toEqual([]);
  });

  it('leaves nothing behind when the upload stream fails half-way', async () => {
    async function* broken() {
      yield Buffer.from('partial bytes');
      throw new Error('connection reset');
    }
    await expect(store.receive(Readable.from(broken()))).rejects.toThrow('connection reset');
    expect(await incoming()).toEqual([]);
  });
});

describe('image store: what an interrupted upload left behind', () => {
  const sweepDir = () => mkdtempSync(path.join(dir, 'sweep-'));
  const listAll = async (root: string) =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();

  it('deletes leftover temporary uploads, and only those older than asked when asked', async () => {
    const root = sweepDir();
    const own = localImages(root);
    const incoming = path.join(root, '.incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(path.join(incoming, `${'a'.repeat(32)}.upload`), 'half a photo');
    await writeFile(path.join(incoming, `${'b'.repeat(32)}.upload`), 'another');
    await writeFile(path.join(incoming, 'keep.txt'), 'not ours');
    const old = new Date(Date.now() - 7_200_000);
    await utimes(path.join(incoming, `${'a'.repeat(32)}.upload`), old, old);

    expect(await own.cleanIncoming({ modifiedBefore: new Date(Date.now() - 3_600_000) })).toBe(1);
    expect((await readdir(incoming)).sort()).toEqual([`${'b'.repeat(32)}.upload`, 'keep.txt']);
    expect(await own.cleanIncoming()).toBe(1);
    expect(await readdir(incoming)).toEqual(['keep.txt']);
    expect(await localImages(path.join(root, 'nothing-yet')).cleanIncoming()).toBe(0);
  });

  it('deletes every size of images no row names, and half-written sizes, keeping the named ones', async () => {
    const root = sweepDir();
    const own = localImages(root);
    const png = await picture().png().toBuffer();
    const kept = (await own.savePhoto(png)).key;
    const orphan = (await own.savePhoto(png)).key;
    const picture1 = await own.save('picture', png);
    const orphanCover = await own.save('cover', png);
    const folder = path.join(root, IMAGE_VARIANTS.post.folder);
    await writeFile(path.join(folder, `.${kept}-480.webp.0123456789ab.tmp`), 'half');
    await writeFile(path.join(folder, 'README'), 'not an image');
    const asked: string[] = [];
    const named = new Set([kept, picture1]);
    const removed = await own.removeUnreferenced({
      referenced: async (kind, keys) => {
        asked.push(kind);
        return new Set(keys.filter((k) => named.has(k)));
      },
    });
    expect(removed).toBe(2);
    expect(asked.sort()).toEqual(['cover', 'picture', 'post']);
    expect(await listAll(root)).toEqual(
      [
        `${IMAGE_VARIANTS.picture.folder}/${picture1}-192.webp`,
        `${IMAGE_VARIANTS.picture.folder}/${picture1}-384.webp`,
        `${IMAGE_VARIANTS.picture.folder}/${picture1}-96.webp`,
        `${IMAGE_VARIANTS.post.folder}/${kept}-1280.webp`,
        `${IMAGE_VARIANTS.post.folder}/${kept}-480.webp`,
        `${IMAGE_VARIANTS.post.folder}/README`,
      ].sort(),
    );
    expect(orphan).not.toBe(kept);
    expect(orphanCover).toBeTruthy();
  });

  it('keeps recent unnamed images when only older ones may go (another process may be mid-upload)', async () => {
    const root = sweepDir();
    const own = localImages(root);
    const png = await picture().png().toBuffer();
    const recent = (await own.savePhoto(png)).key;
    const stale = (await own.savePhoto(png)).key;
    const old = new Date(Date.now() - 2 * 86_400_000);
    for (const v of IMAGE_VARIANTS.post.variants) {
      await utimes(path.join(root, IMAGE_VARIANTS.post.folder, `${stale}-${v.size}.webp`), old, old);
    }
    const removed = await own.removeUnreferenced({
      referenced: async () => new Set(),
      modifiedBefore: new Date(Date.now() - 86_400_000),
    });
    expect(removed).toBe(1);
    expect((await readdir(path.join(root, IMAGE_VARIANTS.post.folder))).sort()).toEqual(
      [`${recent}-1280.webp`, `${recent}-480.webp`].sort(),
    );
  });
});

describe('removeQuietly', () => {
  it('tries every image, logs each failure with its key and throws none', async () => {
    const tried: string[] = [];
    const warnings: object[] = [];
    const images = {
      remove: async (_kind: string, key: string) => {
        tried.push(key);
        if (key === 'b') throw new Error('the store is down');
      },
    };
    await removeQuietly(images, 'post', ['a', 'b', 'c'], { warn: (details) => warnings.push(details) });
    expect(tried).toEqual(['a', 'b', 'c']);
    expect(warnings).toEqual([expect.objectContaining({ kind: 'post', key: 'b' })]);
  });
});
