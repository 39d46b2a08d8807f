import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { anyOfIds } from '../../db/any-of.ts';
import type { Database } from '../../db/client.ts';
import { messageAttachments, messages, serverSecrets } from '../../db/schema/chat.ts';

/** A file already checked and stored (chat-files.ts), as its row is written with its message. */
export type AttachmentInsert = {
  kind: 'image' | 'file';
  storageKey: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  extension: string;
  width: number | null;
  height: number | null;
};

export type AttachmentRow = typeof messageAttachments.$inferSelect;

/**
 * The files of messages, read for views and downloads, and the secret their addresses are signed
 * with. They are written with their message (message-send.repository.ts) and deleted with it
 * (messages.repository.ts).
 */
export function createAttachmentsRepository(db: Database) {
  return {
    async attachmentsOf(messageIds: number[]): Promise<AttachmentRow[]> {
      if (messageIds.length === 0) return [];
      return db
        .select()
        .from(messageAttachments)
        .where(anyOfIds(messageAttachments.messageId, messageIds))
        .orderBy(asc(messageAttachments.id));
    },

    async findAttachment(id: number) {
      const [row] = await db
        .select({ attachment: messageAttachments, conversationId: messages.conversationId })
        .from(messageAttachments)
        .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
        .where(eq(messageAttachments.id, id));
      return row;
    },

    /**
     * A secret shared by every process of this deployment, made on first use (by `make`, 32 random
     * bytes by default): processes starting together each offer one, the first insert wins, and
     * every process reads that one.
     */
    async secret(name: string, make: () => string = () => randomBytes(32).toString('hex')): Promise<string> {
      await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
      if (!row) throw new Error(`secret ${name} missing`);
      return row.value;
    },
  };
}
export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;
