import { randomBytes } from 'node:crypto';
import { LIMITS } from '@makan/contract/limits';
import { AppError, Invalid, PayloadTooLarge, type Text } from '../../lib/errors.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import { createImageStore, IMAGE_VARIANTS, sniffImage } from '../media/image-store.ts';
import { type MediaStore, removeUnreferencedIn } from '../media/media-store.ts';
import type { AttachmentInsert, AttachmentRow } from './attachments.repository.ts';

const KEY_PATTERN = /^[0-9a-f]{32}$/;
/** A stored chat object's name in its folder: a file (`<key>`) or an image's size (`<key>-480.webp`). */
const OBJECT_PATTERN = /^([0-9a-f]{32})(?:-\d+\.webp)?$/;
const PREVIEW = 480;
const FULL = 1600;

/** Printable UTF-8 text: no NUL and no control characters other than tab, newlines and form feed. */
function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

export const attachmentTooLarge = (n = 1) => {
  const text: Text = { code: 'attachmentTooLarge', params: { n } };
  return new PayloadTooLarge(text, { file: text });
};
export const attachmentType = (n = 1) => {
  const text: Text = { code: 'attachmentType', params: { n } };
  return new Invalid({ file: text }, text);
};

/**
 * Files sent in chats, kept in a store of their own (DATA_DIR/chat-files, or chat-files/ in the
 * bucket) and served only through signed addresses (never by /media). The type comes from the bytes:
 * images are re-encoded to WebP (no metadata, 50 MP at most), PDFs and plain text are kept as sent.
 */
export function createChatFiles({ store, incomingDir }: { store: MediaStore; incomingDir: string }) {
  const images = createImageStore({ store, incomingDir });
  const rawKey = (key: string) => `chat_files/${key}`;

  async function remove(attachment: Pick<AttachmentRow, 'kind' | 'storageKey'>): Promise<void> {
    if (attachment.kind === 'image') return images.remove('chat', attachment.storageKey);
    if (KEY_PATTERN.test(attachment.storageKey)) await store.delete(rawKey(attachment.storageKey));
  }

  return {
    /** Checks and stores one attachment (`n`: its position, for the error texts). */
    async save(bytes: Buffer, fileName: string | undefined, n = 1): Promise<AttachmentInsert> {
      if (bytes.length > LIMITS.fileMaxBytes) throw attachmentTooLarge(n);
      if (bytes.length === 0) throw attachmentType(n);
      if (sniffImage(bytes)) {
        let saved: { key: string; width: number; height: number; size: number };
        try {
          saved = await images.savePhoto(bytes, 'chat');
        } catch (err) {
          if (err instanceof PayloadTooLarge) throw attachmentTooLarge(n);
          if (err instanceof AppError) throw attachmentType(n);
          throw err;
        }
        return {
          kind: 'image',
          storageKey: saved.key,
          fileName: cleanFileName(fileName, { fallback: 'file', extension: 'webp' }),
          fileSize: saved.size,
          mimeType: 'image/webp',
          extension: 'webp',
          width: saved.width,
          height: saved.height,
        };
      }
      const isPdf = bytes.subarray(0, 5).toString('latin1') === '%PDF-';
      if (!isPdf && !isPlainText(bytes)) throw attachmentType(n);
      const key = randomBytes(16).toString('hex');
      const extension = isPdf ? 'pdf' : 'txt';
      await store.put(rawKey(key), bytes, isPdf ? 'application/pdf' : 'text/plain');
      return {
        kind: 'file',
        storageKey: key,
        fileName: cleanFileName(fileName, { fallback: 'file', extension }),
        fileSize: bytes.length,
        mimeType: isPdf ? 'application/pdf' : 'text/plain',
        extension,
        width: null,
        height: null,
      };
    },

    /** A stored attachment as a stream (undefined when gone); images have a preview and a full size. */
    async open(attachment: Pick<AttachmentRow, 'kind' | 'storageKey'>, size: 'full' | 'preview') {
      const key =
        attachment.kind === 'image'
          ? images.storeKeyOf('chat', attachment.storageKey, size === 'preview' ? PREVIEW : FULL)
          : KEY_PATTERN.test(attachment.storageKey)
            ? rawKey(attachment.storageKey)
            : undefined;
      return key ? store.get(key) : undefined;
    },

    /**
     * Deletes the stored files no message names, written before `modifiedBefore`: a file is stored
     * before its message row, so a process killed in between (or a failed send whose own clean-up
     * failed) leaves one behind. Hidden names are the local store's half-written files. Answers how
     * many attachments went (an image's sizes count once).
     */
    async removeUnreferenced({
      referenced,
      modifiedBefore,
      signal,
    }: {
      referenced: (storageKeys: string[]) => Promise<Set<string>>;
      modifiedBefore: Date;
      signal?: AbortSignal;
    }): Promise<number> {
      let removed = 0;
      for (const folder of [IMAGE_VARIANTS.chat.folder, 'chat_files']) {
        removed += await removeUnreferencedIn(store, {
          folder,
          keyOf: (name) => OBJECT_PATTERN.exec(name)?.[1],
          isTemp: (name) => name.startsWith('.'),
          referenced,
          modifiedBefore,
          signal,
        });
        if (signal?.aborted) break;
      }
      return removed;
    },

    remove,

    /**
     * `remove`, a failure logged rather than thrown: the answer does not depend on it, and the
     * housekeeping deletes the files no row names.
     */
    async removeQuietly(
      attachment: Pick<AttachmentRow, 'kind' | 'storageKey'>,
      log: { warn: (details: object, message: string) => void },
    ): Promise<void> {
      try {
        await remove(attachment);
      } catch (err) {
        log.warn({ err, key: attachment.storageKey }, 'could not delete a chat file');
      }
    },
  };
}
export type ChatFiles = ReturnType<typeof createChatFiles>;
