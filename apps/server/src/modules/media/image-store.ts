import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '@makan/contract/limits';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { Invalid, PayloadTooLarge } from '../../lib/errors.ts';
import { type MediaStore, removeUnreferencedIn } from './media-store.ts';

export type ImageKind = 'picture' | 'cover';
/** Every kind of stored image: profile pictures and covers, post photos and chat photos. */
export type StoredImageKind = ImageKind | 'post' | 'chat';
/** Kinds that keep the photo's proportions. */
export type PhotoKind = 'post' | 'chat';

/** `height` 0: keep the photo's proportions, `width` wide at most (and never more than twice as high). */
type Variant = { readonly size: number; readonly width: number; readonly height: number };

/**
 * The sizes the screens use (spec §9: picture 96 px, banner 192 px high), at 1×, 2× and 4× for
 * pictures and 1× and 2× for covers (a 1200 × 384 banner is 192 px high at 2×). `size` is the
 * number in the file name: the side of a square picture, the width of a cover.
 */
export const IMAGE_VARIANTS = {
  picture: {
    folder: 'profile_pictures',
    defaultSize: 192,
    variants: [
      { size: 96, width: 96, height: 96 },
      { size: 192, width: 192, height: 192 },
      { size: 384, width: 384, height: 384 },
    ],
  },
  cover: {
    folder: 'cover_photos',
    defaultSize: 1200,
    variants: [
      { size: 1200, width: 1200, height: 384 },
      { size: 2400, width: 2400, height: 768 },
    ],
  },
  /** Post photos keep their proportions: 480 px wide for cards, 1280 px wide for the lightbox. */
  post: {
    folder: 'post_photos',
    defaultSize: 480,
    variants: [
      { size: 480, width: 480, height: 0 },
      { size: 1280, width: 1280, height: 0 },
    ],
  },
  /** Chat photos: a 480 px preview in the thread, 1600 px when opened. Kept outside /media. */
  chat: {
    folder: 'chat_photos',
    defaultSize: 480,
    variants: [
      { size: 480, width: 480, height: 0 },
      { size: 1600, width: 1600, height: 0 },
    ],
  },
} as const satisfies Record<
  StoredImageKind,
  { folder: string; defaultSize: number; variants: readonly [Variant, ...Variant[]] }
>;

/**
 * Decoding cost grows with pixels, not bytes: a 10 MB PNG can hold a billion blank pixels. 50 MP
 * admits the photos of 48 MP phone cameras and bounds one decode to about 200 MB.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Sharp's operation cache keeps recent inputs and results (up to 50 MB, and open files) for pipelines
 * that repeat; ours never do, since every upload is a new image. Process-wide, like sharp itself.
 */
sharp.cache(false);

/**
 * Decoding is where an upload costs memory, so at most this many images are decoded and encoded at
 * once in the process, whatever the number of uploads in flight; the others wait their turn, kept on
 * disk (see `receive`) rather than in memory. With two the cores stay busy (sharp's libuv pool has
 * four threads) and ten parallel 10 MB uploads stay far from the memory a 50 MP decode can take.
 */
export const RENDERS_AT_ONCE = 2;

function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops and rises again.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
const renderTurn = limiter(RENDERS_AT_ONCE);

/**
 * An image to store: its bytes, or a file holding them (an upload received with `receive`, which
 * sharp then reads from disk piece by piece instead of from a buffer held in memory).
 */
export type ImageSource = Buffer | { file: string };

/** An upload written to a temporary file; `dispose` deletes it (always call it, in a `finally`). */
export type ReceivedFile = { file: string; size: number; dispose: () => Promise<void> };

/** The first bytes of a source, enough for `sniffImage`, and its length. */
async function headOf(source: ImageSource): Promise<{ head: Buffer; size: number }> {
  if (Buffer.isBuffer(source)) return { head: source.subarray(0, 16), size: source.length };
  const handle = await open(source.file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return { head: head.subarray(0, bytesRead), size: (await handle.stat()).size };
  } finally {
    await handle.close();
  }
}

const sharpInput = (source: ImageSource) => (Buffer.isBuffer(source) ? source : source.file);

/** Keys are ours (random hex), never derived from what the user sent. */
const KEY_PATTERN = /^[0-9a-f]{32}$/;
/** One size of a stored image, as named in its folder. */
const NAME_PATTERN = /^([0-9a-f]{32})-\d+\.webp$/;
/** The temporary name the local store gives a size while writing it (lib/files.ts). */
const TEMP_PATTERN = /^\.[0-9a-f]{32}-\d+\.webp\.[0-9a-f]+\.tmp$/;

type Format = 'jpeg' | 'png' | 'gif' | 'webp';

/** The accepted formats by their signatures, checked before any decoder sees the bytes. */
export function sniffImage(bytes: Buffer): Format | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) {
    return 'png';
  }
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const invalidImage = () => new Invalid({ file: 'invalidImage' });
const tooLarge = () => new PayloadTooLarge('imageTooLarge', { file: 'imageTooLarge' });

/**
 * Where pictures and covers are kept. `save` checks the real type from the bytes, re-encodes the
 * image to WebP in every size (upright, with no metadata: no GPS position, camera or profile
 * left), and answers the random key that names the files; `url` and `remove` take that key.
 */
/** Set bits of a 64-bit hash below or above which a picture is too plain to tell from another. */
const PLAIN_BITS = 8;

/**
 * A 64-bit difference hash: the picture in grey at 9×8, each bit whether a pixel is brighter than its
 * right-hand neighbour. The same picture re-encoded, resized or lightly retouched hashes within a few
 * bits (compared by Hamming distance); a different picture differs in about half. A picture with
 * (nearly) no edges, such as a plain colour or a smooth gradient, tells nothing: null.
 */
export async function differenceHash(image: Sharp): Promise<bigint | null> {
  const grey = await image.greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  let ones = 0;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const brighter = (grey[y * 9 + x] ?? 0) > (grey[y * 9 + x + 1] ?? 0);
      hash = (hash << 1n) | (brighter ? 1n : 0n);
      if (brighter) ones++;
    }
  }
  if (ones < PLAIN_BITS || ones > 64 - PLAIN_BITS) return null;
  return BigInt.asIntN(64, hash);
}

export function createImageStore({
  store,
  incomingDir,
  publicBaseUrl = '',
  newKey = () => randomBytes(16).toString('hex'),
}: {
  /** Where the images are kept (media-store.ts); public ones are served under /media/. */
  store: MediaStore;
  /**
   * Where uploads wait as temporary files on this machine's disk before they are checked and
   * re-encoded: DATA_DIR/media/.incoming (never served: /media/ serves only key-named WebP files).
   */
  incomingDir: string;
  /** Where browsers fetch public images instead of this app's /media/ (MEDIA_PUBLIC_BASE_URL). */
  publicBaseUrl?: string | undefined;
  newKey?: () => string;
}) {
  const keyOf = (kind: StoredImageKind, key: string, size: number) =>
    `${IMAGE_VARIANTS[kind].folder}/${key}-${size}.webp`;

  type Rendered = { size: number; data: Buffer; width: number; height: number };

  async function render(
    kind: StoredImageKind,
    source: ImageSource,
    head: Buffer,
  ): Promise<{ outputs: Rendered[]; hash: bigint | null }> {
    const format = sniffImage(head);
    if (!format) throw invalidImage();
    const image = sharpInput(source);
    // 'error' rather than the stricter 'warning': phone photos often carry harmless oddities (bytes
    // after the end marker) that warn, while data that cannot be decoded still fails.
    const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
    let meta: Metadata;
    try {
      // Reading the header decodes no pixels, so the pixel count is checked here, answering "too
      // large" rather than the decoder's generic refusal.
      meta = await sharp(image, { ...input, limitInputPixels: false }).metadata();
    } catch {
      throw invalidImage();
    }
    if (meta.format !== format || !meta.width || !meta.height) throw invalidImage();
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge();

    const { variants } = IMAGE_VARIANTS[kind];
    const largest = variants[variants.length - 1] ?? variants[0];
    // One decode: upright (EXIF orientation applied), cropped to the largest size around what draws
    // the eye, in sRGB. Raw pixels carry no metadata, so nothing of the original's survives.
    // Proportional kinds (post photos) fit inside the largest width, never enlarged.
    const proportional = largest.height === 0;
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      pixels = await sharp(image, input)
        .autoOrient()
        .resize(
          largest.width,
          proportional ? largest.width * 2 : largest.height,
          proportional
            ? { fit: 'inside', withoutEnlargement: true }
            : { fit: 'cover', position: 'attention' },
        )
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw invalidImage();
    }
    const { width, height, channels } = pixels.info;
    const raw = { raw: { width, height, channels } };
    const outputs = await Promise.all(
      variants.map(async (variant) => {
        const { data, info } = await sharp(pixels.data, { raw: { width, height, channels } })
          .resize(
            variant.width,
            proportional ? variant.width * 2 : variant.height,
            proportional ? { fit: 'inside', withoutEnlargement: true } : { fit: 'fill' },
          )
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { size: variant.size, data, width: info.width, height: info.height };
      }),
    );
    // Photos get a perceptual hash, from the pixels already decoded (issue 21's duplicate-photo signal).
    const hash = kind === 'post' ? await differenceHash(sharp(pixels.data, raw)) : null;
    return { outputs, hash };
  }

  async function encodeAndPut(kind: StoredImageKind, source: ImageSource) {
    const { head, size } = await headOf(source);
    if (size > LIMITS.fileMaxBytes) throw tooLarge();
    const { outputs, hash } = await renderTurn(() => render(kind, source, head));
    const key = newKey();
    if (!KEY_PATTERN.test(key)) throw new Error('image keys must be 32 lower-case hex digits');
    // The sizes go up together (a bucket's round trips overlap); if one fails, none is kept.
    const puts = await Promise.allSettled(
      outputs.map((output) => store.put(keyOf(kind, key, output.size), output.data, 'image/webp')),
    );
    const failed = puts.find((put): put is PromiseRejectedResult => put.status === 'rejected');
    if (failed) {
      await remove(kind, key);
      throw failed.reason;
    }
    return { key, outputs, hash };
  }

  /** Deletes every size of a stored image; files already gone are fine. */
  async function remove(kind: StoredImageKind, key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await Promise.all(IMAGE_VARIANTS[kind].variants.map((v) => store.delete(keyOf(kind, key, v.size))));
  }

  return {
    /**
     * Writes an upload's stream to a temporary file, so that a waiting upload holds disk rather
     * than memory; the caller checks the stream's own limits (truncated) and always disposes of it.
     * Nothing is left behind when the stream fails.
     */
    async receive(stream: Readable): Promise<ReceivedFile> {
      await mkdir(incomingDir, { recursive: true });
      const file = path.join(incomingDir, `${randomBytes(16).toString('hex')}.upload`);
      const dispose = () => rm(file, { force: true });
      try {
        const out = createWriteStream(file, { flags: 'wx' });
        await pipeline(stream, out);
        return { file, size: out.bytesWritten, dispose };
      } catch (err) {
        await dispose();
        throw err;
      }
    },

    /** Checks, re-encodes and stores an uploaded picture or cover; answers its key. */
    async save(kind: ImageKind, source: ImageSource): Promise<string> {
      return (await encodeAndPut(kind, source)).key;
    },

    /**
     * Checks, re-encodes and stores a post photo (480 and 1280 px wide WebP); answers its key and
     * the large file's pixels and bytes. Same checks as pictures: type from the bytes, 10 MB, 50 MP.
     */
    async savePhoto(
      source: ImageSource,
      kind: PhotoKind = 'post',
    ): Promise<{ key: string; width: number; height: number; size: number; phash: bigint | null }> {
      const { key, outputs, hash } = await encodeAndPut(kind, source);
      const large = outputs[outputs.length - 1];
      if (!large) throw new Error('no output');
      return { key, width: large.width, height: large.height, size: large.data.length, phash: hash };
    },

    /** The public address of one size (by default the one a screen shows at 2×). */
    url(kind: StoredImageKind, key: string, size: number = IMAGE_VARIANTS[kind].defaultSize): string {
      const { folder, variants } = IMAGE_VARIANTS[kind];
      if (!variants.some((v) => v.size === size)) throw new Error(`no ${kind} of size ${size}`);
      return `${publicBaseUrl}/media/${folder}/${key}-${size}.webp`;
    },

    /** The store's key of one size of a stored image (for images served by a route, not /media). */
    storeKeyOf(kind: StoredImageKind, key: string, size: number): string | undefined {
      if (!KEY_PATTERN.test(key) || !IMAGE_VARIANTS[kind].variants.some((v) => v.size === size)) {
        return undefined;
      }
      return keyOf(kind, key, size);
    },

    remove,

    /**
     * Deletes the temporary files uploads left in the incoming folder when the process died
     * mid-upload (SIGKILL, power loss); a live upload disposes of its own. Only files last written
     * before `modifiedBefore` (all of them when unset), so a process sharing this folder keeps
     * the uploads it is receiving. Answers how many were deleted.
     */
    async cleanIncoming({
      modifiedBefore,
      signal,
    }: {
      modifiedBefore?: Date;
      signal?: AbortSignal;
    } = {}): Promise<number> {
      let names: string[];
      try {
        names = await readdir(incomingDir);
      } catch {
        return 0; // no folder yet
      }
      let removed = 0;
      for (const name of names) {
        if (signal?.aborted) break;
        if (!name.endsWith('.upload')) continue;
        const file = path.join(incomingDir, name);
        if (modifiedBefore && !(await writtenBefore(file, modifiedBefore))) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },

    /**
     * Deletes stored images (pictures, covers, post photos) that no row names: the photos a post
     * upload had written when the process died before the post was committed. `referenced` answers
     * which of the given keys a row still names; keys are checked a batch at a time, so the cost is
     * one listing of each folder of the store and one indexed query per thousand images. Only images
     * whose every size was written before `modifiedBefore` (all when unset): another process sharing
     * the store may be between writing a photo and committing its post. Stops early when `signal` is aborted. Answers how many images
     * (all their sizes) were deleted.
     */
    async removeUnreferenced({
      referenced,
      modifiedBefore,
      signal,
    }: {
      referenced: (kind: ImageKind | 'post', keys: string[]) => Promise<Set<string>>;
      modifiedBefore?: Date;
      signal?: AbortSignal;
    }): Promise<number> {
      let removed = 0;
      for (const kind of ['picture', 'cover', 'post'] as const) {
        removed += await removeUnreferencedIn(store, {
          folder: IMAGE_VARIANTS[kind].folder,
          keyOf: (name) => NAME_PATTERN.exec(name)?.[1],
          isTemp: (name) => TEMP_PATTERN.test(name),
          referenced: (keys) => referenced(kind, keys),
          modifiedBefore,
          signal,
        });
        if (signal?.aborted) break;
      }
      return removed;
    },
  };
}

/** Whether a file was last written before `time`; a file already gone counts as old. */
async function writtenBefore(file: string, time: Date): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs < time.getTime();
  } catch {
    return true;
  }
}
export type ImageStore = ReturnType<typeof createImageStore>;

/**
 * Deletes stored images no longer wanted (a replaced picture, the photos of an upload refused or
 * answered already): a failure is logged, not thrown, since the answer does not depend on it and the
 * housekeeping deletes what no row names (`removeUnreferenced`).
 */
export async function removeQuietly(
  images: Pick<ImageStore, 'remove'>,
  kind: StoredImageKind,
  keys: readonly string[],
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  for (const key of keys) {
    try {
      await images.remove(kind, key);
    } catch (err) {
      log.warn({ err, kind, key }, 'could not delete a stored image');
    }
  }
}
