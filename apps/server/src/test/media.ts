import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { createImageStore } from '../modules/media/image-store.ts';
import { createLocalMediaStore } from '../modules/media/media-store.local.ts';
import type { MediaStore } from '../modules/media/media-store.ts';

/** An image store on a local folder laid out as DATA_DIR/media (uploads waiting in its .incoming). */
export function localImages(dir: string) {
  return createImageStore({ store: createLocalMediaStore(dir), incomingDir: path.join(dir, '.incoming') });
}

/** Every key of a store under a prefix, sorted. */
export async function keysIn(store: MediaStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** A stored object's bytes, read to the end. */
export async function bytesOf(object: { body: Readable } | undefined): Promise<Buffer> {
  if (!object) throw new Error('no such object');
  return Buffer.concat(await object.body.toArray());
}

/** A photo of random pixels: it does not compress, so its upload takes real bytes (and its re-encoding time). */
export const noisyPng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
