import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messageAttachments } from '../../db/schema/chat.ts';
import { postMedia } from '../../db/schema/posts.ts';
import { users } from '../../db/schema/users.ts';
import type { ImageKind } from './image-store.ts';

/** Which stored images rows still name: what the start-up sweep of orphaned files keeps. */
export function createMediaRepository(db: Database) {
  return {
    /** The keys among `keys` that a row names (post photos by post_media, pictures and covers by users). */
    async referencedKeys(kind: ImageKind | 'post', keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const column = kind === 'post' ? postMedia.key : kind === 'picture' ? users.pictureKey : users.coverKey;
      const table = kind === 'post' ? postMedia : users;
      const rows = await db.select({ key: column }).from(table).where(inArray(column, keys));
      return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
    },

    /** The chat files' storage keys among `keys` that a message's attachment names. */
    async referencedChatFiles(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: messageAttachments.storageKey })
        .from(messageAttachments)
        .where(inArray(messageAttachments.storageKey, keys));
      return new Set(rows.map((r) => r.key));
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
