import path from 'node:path';
import type { MediaStorage } from '../../config.ts';
import { createLocalMediaStore } from './media-store.local.ts';
import { createS3Client, createS3MediaStore } from './media-store.s3.ts';

/** The two areas of media: public images (served at /media/) and private chat files (signed addresses). */
export type MediaArea = 'media' | 'chat-files';

/**
 * The configured stores: folders of DATA_DIR (DATA_DIR/media, DATA_DIR/chat-files), or one bucket with
 * the same names as key prefixes (media/…, chat-files/…), so `media:migrate` copies paths as they are
 * and a bucket policy can make media/ public while chat-files/ stays private.
 */
export function openMediaStores(storage: MediaStorage, dataDir: string) {
  if (storage.kind === 'local') {
    const local = (area: MediaArea) => createLocalMediaStore(path.join(dataDir, area));
    return { media: local('media'), chat: local('chat-files'), close: () => {} };
  }
  const client = createS3Client(storage);
  const bucket = (area: MediaArea) =>
    createS3MediaStore({ client, bucket: storage.bucket, prefix: `${area}/` });
  return { media: bucket('media'), chat: bucket('chat-files'), close: () => client.destroy() };
}
export type MediaStores = ReturnType<typeof openMediaStores>;
