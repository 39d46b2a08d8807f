import { and, asc, desc, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import { anyOfIds } from '../../db/any-of.ts';
import type { Database } from '../../db/client.ts';
import {
  conversations,
  conversationParticipants as cp,
  messageAttachments,
  messages,
} from '../../db/schema/chat.ts';
import type { AttachmentInsert } from './attachments.repository.ts';

export type MessageRow = typeof messages.$inferSelect;
/** A message as it is shown: every column but its search text (read only by the search's own query). */
export type MessageViewRow = Omit<MessageRow, 'searchText'>;
const { searchText: _searchText, ...viewColumns } = getTableColumns(messages);

/** A message to add (message-send.repository.ts), with its file if it has one. */
export type MessageInsert = {
  conversationId: number;
  senderId: number;
  clientId: string | null;
  content: string | null;
  type: 'text' | 'image' | 'file' | 'system';
  systemEvent?: 'left' | 'rejoined' | null;
  replyToId: number | null;
  searchText: string;
  attachment?: AttachmentInsert | undefined;
  now: Date;
};

/**
 * Stored messages: read by id, a page or a search (always after what the viewer cleared), edited
 * and deleted. Adding one is message-send.repository.ts.
 */
export function createMessagesRepository(db: Database) {
  return {
    /** Messages by id, ascending. */
    async messagesByIds(ids: number[]): Promise<MessageViewRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(viewColumns)
        .from(messages)
        .where(anyOfIds(messages.id, ids))
        .orderBy(asc(messages.id));
      return rows;
    },

    /**
     * The latest message of each of these conversations that the viewer may see (after what they
     * cleared), read whole: one statement, not the ids and then the rows.
     */
    async latestVisible(viewerId: number, conversationIds: number[]): Promise<MessageViewRow[]> {
      if (conversationIds.length === 0) return [];
      return db
        .select(viewColumns)
        .from(conversations)
        .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
        .innerJoin(cp, and(eq(cp.conversationId, conversations.id), eq(cp.userId, viewerId)))
        .where(
          and(anyOfIds(conversations.id, conversationIds), gt(conversations.lastMessageId, cp.clearedUpTo)),
        )
        .orderBy(asc(messages.id));
    },

    /**
     * A page of a conversation's messages after `floor` (what the viewer cleared), ascending ids, read
     * whole in the page's own query (not ids, then the rows by id).
     * `after`: everything newer, oldest first; `before`: the newest older ones; else page N from the newest.
     */
    async page(
      conversationId: number,
      floor: number,
      query: { perPage: number; page: number; before?: number | undefined; after?: number | undefined },
    ) {
      const base = and(eq(messages.conversationId, conversationId), gt(messages.id, floor));
      // The count and the page are independent: asked at once, one round trip instead of two.
      const count = db.$count(messages, base);
      if (query.after !== undefined) {
        const [total, rows] = await Promise.all([
          count,
          db
            .select(viewColumns)
            .from(messages)
            .where(and(base, gt(messages.id, query.after)))
            .orderBy(asc(messages.id))
            .limit(query.perPage + 1),
        ]);
        return { rows: rows.slice(0, query.perPage), total, hasMore: rows.length > query.perPage };
      }
      const [total, rows] = await Promise.all([
        count,
        db
          .select(viewColumns)
          .from(messages)
          .where(query.before !== undefined ? and(base, lt(messages.id, query.before)) : base)
          .orderBy(desc(messages.id))
          .limit(query.perPage + 1)
          .offset(query.before !== undefined ? 0 : (query.page - 1) * query.perPage),
      ]);
      return { rows: rows.slice(0, query.perPage).reverse(), total, hasMore: rows.length > query.perPage };
    },

    async findMessage(conversationId: number, messageId: number) {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
      return row;
    },

    async editMessage(messageId: number, content: string, searchText: string, now: Date) {
      await db
        .update(messages)
        .set({ content, searchText, editedAt: now, updatedAt: now })
        .where(eq(messages.id, messageId));
    },

    /** Keeps the message as a tombstone (ids stay continuous for catch-up); answers the files to delete. */
    async deleteMessage(messageId: number, now: Date) {
      return db.transaction(async (tx) => {
        const files = await tx
          .delete(messageAttachments)
          .where(eq(messageAttachments.messageId, messageId))
          .returning();
        await tx
          .update(messages)
          .set({ content: null, searchText: '', isDeleted: true, updatedAt: now })
          .where(eq(messages.id, messageId));
        return files;
      });
    },

    async searchMessages(conversationId: number, floor: number, textPattern: string, limit: number) {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            gt(messages.id, floor),
            eq(messages.isDeleted, false),
            sql`${messages.searchText} like ${textPattern}`,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
