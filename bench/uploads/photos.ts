import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@makan/contract/limits';
import sharp from 'sharp';
import { workDir } from '../lib/server.ts';

/** A set of test photos: how many, their pixels, and the size each file should come close to. */
export type PhotoSet = { count: number; width: number; height: number; targetBytes: number };

/** Ten camera-sized (24 MP) JPEGs just under the 10 MB limit: 99 % of it, at least 98 %. */
export const FULL_SET: PhotoSet = {
  count: 10,
  width: 6000,
  height: 4000,
  targetBytes: Math.floor(LIMITS.fileMaxBytes * 0.99),
};
/** Smoke runs: two 6 MP photos of about 1 MB. */
export const SMOKE_SET: PhotoSet = { count: 2, width: 3000, height: 2000, targetBytes: 1024 * 1024 };

/** How close to the target a file must be (the bytes are tuned through the noise, not padded). */
const TOLERANCE = 0.01;

/**
 * Pixels of a plausible photo: a smooth gradient lit from one side, a few soft blocks (walls, windows)
 * and sensor-like noise of amplitude `amp`, which is what makes the JPEG heavy. A fast xorshift keeps
 * the 72 MB of a 24 MP frame under a second; `seed` makes every photo different.
 */
function pixels(set: PhotoSet, amp: number, seed: number): Buffer {
  const { width: w, height: h } = set;
  const data = Buffer.allocUnsafe(w * h * 3);
  let s = (seed * 2654435761) >>> 0 || 1;
  const hue = [40 + ((seed * 37) % 90), 60 + ((seed * 53) % 90), 80 + ((seed * 71) % 90)];
  for (let y = 0; y < h; y++) {
    const fy = y / h;
    const band = Math.floor(fy * 6) % 2 === 0 ? 18 : -12;
    for (let x = 0; x < w; x++) {
      const fx = x / w;
      const block = Math.floor(fx * 8 + seed) % 3 === 0 ? band : 0;
      const base = 70 * fx + 40 * fy + block;
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        s ^= s << 13;
        s >>>= 0;
        s ^= s >>> 17;
        s ^= s << 5;
        s >>>= 0;
        const v = (hue[c] ?? 0) + base + (((s & 255) - 128) * amp) / 128;
        data[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return data;
}

async function encode(set: PhotoSet, amp: number, seed: number): Promise<Buffer> {
  return sharp(pixels(set, amp, seed), { raw: { width: set.width, height: set.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Makan', Model: 'Bench camera', Software: 'bench/uploads' } })
    .toBuffer();
}

const fits = (set: PhotoSet, bytes: number) =>
  bytes <= set.targetBytes && bytes >= set.targetBytes * (1 - TOLERANCE) && bytes <= LIMITS.fileMaxBytes;

/** Searches the noise amplitude that brings one photo's JPEG to the target size. */
async function generate(
  set: PhotoSet,
  seed: number,
  startAmp: number,
): Promise<{ jpeg: Buffer; amp: number }> {
  let low = 0;
  let high = 128;
  let amp = startAmp;
  let best: Buffer | undefined;
  for (let i = 0; i < 16; i++) {
    const jpeg = await encode(set, amp, seed);
    if (fits(set, jpeg.length)) return { jpeg, amp };
    if (jpeg.length > set.targetBytes) high = amp;
    else {
      low = amp;
      best = jpeg;
    }
    amp = (low + high) / 2;
  }
  if (!best) throw new Error(`could not make a photo of ${set.targetBytes} bytes`);
  return { jpeg: best, amp: low };
}

/**
 * The photos of a set as files under bench/.work/uploads (made once, then reused), in upload order.
 */
export async function photoFiles(set: PhotoSet, log: (m: string) => void): Promise<string[]> {
  const dir = path.join(workDir, 'uploads', `v1-${set.width}x${set.height}-${set.targetBytes}`);
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  let amp = 24;
  for (let i = 0; i < set.count; i++) {
    const file = path.join(dir, `IMG_${String(i + 1).padStart(4, '0')}.JPG`);
    if (!existsSync(file) || !fits(set, statSync(file).size)) {
      const t = performance.now();
      const made = await generate(set, i + 1, amp);
      amp = made.amp;
      writeFileSync(`${file}.tmp`, made.jpeg);
      renameSync(`${file}.tmp`, file);
      log(
        `uploads: made ${path.basename(file)}: ${made.jpeg.length} bytes in ${Math.round(performance.now() - t)} ms`,
      );
    }
    files.push(file);
  }
  return files;
}

export const readPhotos = (files: string[]) => files.map((f) => readFileSync(f));
