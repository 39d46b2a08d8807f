import path from 'node:path';
import type { MediaStorage } from '../../config.ts';
import { createLocalMediaStore } from './media-store.local.ts';
import { createS3Client, createS3MediaStore } from './media-store.s3.ts';
import { observedStore } from './media-store.ts';

/** The two areas of media: public images (served at /media/) and private chat files (signed addresses). */
export type MediaArea = 'media' | 'chat-files';

/**
 * The configured stores: folders of DATA_DIR (DATA_DIR/media, DATA_DIR/chat-files), or one bucket with
 * the same names as key prefixes (media/…, chat-files/…), so `media:migrate` copies paths as they are
 * and a bucket policy can make media/ public while chat-files/ stays private.
 */
export function openMediaStores(
  storage: MediaStorage,
  dataDir: string,
  onError: (operation: string) => void = () => {},
) {
  if (storage.kind === 'local') {
    const local = (area: MediaArea) =>
      observedStore(createLocalMediaStore(path.join(dataDir, area)), onError);
    return { media: local('media'), chat: local('chat-files'), close: () => {} };
  }
  const client = createS3Client(storage);
  const bucket = (area: MediaArea) =>
    observedStore(createS3MediaStore({ client, bucket: storage.bucket, prefix: `${area}/` }), onError);
  return { media: bucket('media'), chat: bucket('chat-files'), close: () => client.destroy() };
}
export type MediaStores = ReturnType<typeof openMediaStores>;
