import path from 'node:path';
import { createImageStore } from '../modules/media/image-store.ts';
import { createLocalMediaStore } from '../modules/media/media-store.local.ts';

/** An image store on a local folder laid out as DATA_DIR/media (uploads waiting in its .incoming). */
export function localImages(dir: string) {
  return createImageStore({ store: createLocalMediaStore(dir), incomingDir: path.join(dir, '.incoming') });
}
