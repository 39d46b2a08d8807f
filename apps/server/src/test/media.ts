import path from 'node:path';
import type { Readable } from 'node:stream';
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
