import path from 'node:path';
import type { MediaStorage } from '../../config.ts';
import { createLocalMediaStore } from './media-store.local.ts';
import { createS3Client, createS3MediaStore } from './media-store.s3.ts';
import { observedStore } from './media-store.ts';

/**
 * The areas of the store: public images (served at /media/), private chat files (signed addresses),
 * companies' registration documents (to staff, through the API) and prepared data exports (to their
 * owner, through the API). Only `media` is ever served without a check.
 */
export type MediaArea = 'media' | 'chat-files' | 'verification' | 'exports';

/** Areas whose files no one but the server's user may read on disk. */
const PRIVATE_FILE_MODE = 0o600;

/**
 * The configured stores: folders of DATA_DIR (DATA_DIR/media, DATA_DIR/chat-files, DATA_DIR/verification,
 * DATA_DIR/exports), or one bucket with the same names as key prefixes (media/…, chat-files/…), so
 * `media:migrate` copies paths as they are and a bucket policy can make media/ public while the others
 * stay private.
 */
export function openMediaStores(
  storage: MediaStorage,
  dataDir: string,
  onError: (operation: string) => void = () => {},
) {
  if (storage.kind === 'local') {
    const local = (area: MediaArea, fileMode?: number) =>
      observedStore(createLocalMediaStore(path.join(dataDir, area), { fileMode }), onError);
    return {
      media: local('media'),
      chat: local('chat-files'),
      verification: local('verification', PRIVATE_FILE_MODE),
      exports: local('exports', PRIVATE_FILE_MODE),
      close: () => {},
    };
  }
  const client = createS3Client(storage);
  const bucket = (area: MediaArea) =>
    observedStore(createS3MediaStore({ client, bucket: storage.bucket, prefix: `${area}/` }), onError);
  return {
    media: bucket('media'),
    chat: bucket('chat-files'),
    verification: bucket('verification'),
    exports: bucket('exports'),
    close: () => client.destroy(),
  };
}
export type MediaStores = ReturnType<typeof openMediaStores>;
/** The name of a store in MediaStores (not `close`). */
export type MediaStoreName = keyof Omit<MediaStores, 'close'>;
