import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  conversations,
  conversationParticipants as cp,
  messageAttachments,
  messages,
  serverSecrets,
} from '../../db/schema/chat.ts';
import { users } from '../../db/schema/users.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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

export type ParticipantRow = typeof cp.$inferSelect;
export type AttachmentRow = typeof messageAttachments.$inferSelect;

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
type MessageRow = typeof messages.$inferSelect;

const countRows = z.object({
  rows: z.array(z.object({ conversation_id: z.coerce.number(), unread: z.coerce.number() })),
});

/** The smaller id first: one key per pair of people. */
export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Conversations, participants and messages. Adding a message locks its conversation's row for
 * the length of the transaction: messages of one conversation are numbered in commit order (a
 * reader that holds id N never later meets a smaller new id), and a repeated client id is found
 * rather than stored twice.
 */
export function createChatRepository(db: Database) {
  const userColumns = {
    id: users.id,
    name: users.name,
    userType: users.userType,
    pictureKey: users.pictureKey,
    emailVerifiedAt: users.emailVerifiedAt,
    phoneVerifiedAt: users.phoneVerifiedAt,
    verificationMethod: users.verificationMethod,
  };

  /** The messages row of a message to add. */
  const messageRow = (m: MessageInsert) => ({
    conversationId: m.conversationId,
    senderId: m.senderId,
    clientId: m.clientId,
    content: m.content,
    type: m.type,
    systemEvent: m.systemEvent ?? null,
    replyToId: m.replyToId,
    searchText: m.searchText,
    createdAt: m.now,
    updatedAt: m.now,
  });

  /** The message this sender already stored in this conversation under this client id (a retried send). */
  async function storedByClientId(tx: Tx, m: MessageInsert, clientId: string) {
    const [row] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, m.conversationId),
          eq(messages.senderId, m.senderId),
          eq(messages.clientId, clientId),
        ),
      );
    return row;
  }

  async function lockConversation(tx: Tx, conversationId: number) {
    const [row] = await tx
      .select({ id: conversations.id, lastMessageId: conversations.lastMessageId })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    return row;
  }

  async function insertMessage(tx: Tx, m: MessageInsert): Promise<number> {
    const [row] = await tx.insert(messages).values(messageRow(m)).returning({ id: messages.id });
    if (!row) throw new Error('insert returned nothing');
    if (m.attachment) await tx.insert(messageAttachments).values({ ...m.attachment, messageId: row.id });
    await tx
      .update(conversations)
      .set({ lastMessageId: row.id, lastActivityAt: m.now, updatedAt: m.now })
      .where(eq(conversations.id, m.conversationId));
    return row.id;
  }

  return {
    async findUsers(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select(userColumns).from(users).where(inArray(users.id, ids));
    },

    async findConversation(id: number) {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
      return row;
    },

    async findConversations(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(conversations).where(inArray(conversations.id, ids));
    },

    async participants(conversationId: number): Promise<ParticipantRow[]> {
      return db.select().from(cp).where(eq(cp.conversationId, conversationId)).orderBy(asc(cp.userId));
    },

    async participantsOf(conversationIds: number[]): Promise<ParticipantRow[]> {
      if (conversationIds.length === 0) return [];
      return db.select().from(cp).where(inArray(cp.conversationId, conversationIds));
    },

    /**
     * The private conversation of two people, made if missing. The creator sees it at once; the
     * other person once the first message arrives. A creator who had left (or deleted it) is
     * back in; answers whether the conversation row is new.
     */
    async openPrivate(creatorId: number, otherId: number, now: Date) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(conversations)
          .values({
            pairKey: pairKeyOf(creatorId, otherId),
            createdAt: now,
            updatedAt: now,
            lastActivityAt: now,
          })
          .onConflictDoNothing({ target: conversations.pairKey })
          .returning({ id: conversations.id });
        const created = inserted.length > 0;
        const [row] = created
          ? inserted
          : await tx
              .select({ id: conversations.id })
              .from(conversations)
              .where(eq(conversations.pairKey, pairKeyOf(creatorId, otherId)));
        if (!row) throw new Error('conversation vanished');
        await tx
          .insert(cp)
          .values([
            { conversationId: row.id, userId: creatorId, visible: true, joinedAt: now },
            { conversationId: row.id, userId: otherId, visible: false, joinedAt: now },
          ])
          .onConflictDoNothing();
        const [mine] = await tx
          .select()
          .from(cp)
          .where(and(eq(cp.conversationId, row.id), eq(cp.userId, creatorId)))
          .for('update');
        const rejoined = mine?.leftAt != null;
        if (mine && (!mine.visible || rejoined)) {
          await tx
            .update(cp)
            .set({ visible: true, leftAt: null })
            .where(and(eq(cp.conversationId, row.id), eq(cp.userId, creatorId)));
        }
        return { id: row.id, created, rejoined };
      });
    },

    /** Ids of the conversations in a user's list, newest activity first, and how many there are. */
    async listIds(userId: number, offset: number, limit: number) {
      const where = and(eq(cp.userId, userId), eq(cp.visible, true), isNull(cp.leftAt));
      const rows = await db
        .select({ id: conversations.id })
        .from(cp)
        .innerJoin(conversations, eq(conversations.id, cp.conversationId))
        .where(where)
        .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
        .limit(limit)
        .offset(offset);
      const total = await db.$count(cp, where);
      return { ids: rows.map((r) => r.id), total };
    },

    /**
     * Stores a message, unless the sender already stored one with this client id in this
     * conversation: then that one is answered (`created: false`). Brings the conversation back
     * into the list of whoever had deleted it. `previousId`: the conversation's message before.
     */
    async addMessage(m: MessageInsert) {
      return db.transaction(async (tx) => {
        const conversation = await lockConversation(tx, m.conversationId);
        if (!conversation) return undefined;
        if (m.clientId) {
          const existing = await storedByClientId(tx, m, m.clientId);
          if (existing) {
            return { id: existing.id, previousId: 0, created: false, revealedTo: [] as number[] };
          }
        }
        const id = await insertMessage(tx, m);
        const revealed = await tx
          .update(cp)
          .set({ visible: true })
          .where(and(eq(cp.conversationId, m.conversationId), eq(cp.visible, false), isNull(cp.leftAt)))
          .returning({ userId: cp.userId });
        return {
          id,
          previousId: conversation.lastMessageId ?? 0,
          created: true,
          revealedTo: revealed.map((r) => r.userId),
        };
      });
    },

    /**
     * Sends a message in one transaction of few round trips: locks the conversation and its
     * participants (read with their users), lets `admit` refuse (not a participant, someone left, a
     * bad reply), stores the message unless the sender's client id is already there (then answers
     * that one, `created: false`), and in one more statement moves the conversation's latest message,
     * brings it back into the lists of whoever had deleted it and moves the sender's read marker (a
     * reply means what came before was read). Answers all a view and the events need.
     */
    async sendMessage(
      m: MessageInsert,
      admit: (state: { participants: ParticipantRow[]; replyTo: MessageRow | undefined }) => void,
    ) {
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ lastMessageId: conversations.lastMessageId, participant: cp, user: userColumns })
          .from(conversations)
          .innerJoin(cp, eq(cp.conversationId, conversations.id))
          .innerJoin(users, eq(users.id, cp.userId))
          .where(eq(conversations.id, m.conversationId))
          .orderBy(asc(cp.userId))
          .for('update', { of: [conversations, cp] });
        const first = locked[0];
        if (!first) return undefined;
        const participants = locked.map((r) => r.participant);
        const [replyTo] = m.replyToId
          ? await tx
              .select()
              .from(messages)
              .where(and(eq(messages.id, m.replyToId), eq(messages.conversationId, m.conversationId)))
          : [];
        admit({ participants, replyTo });
        const [row] = await tx
          .insert(messages)
          .values(messageRow(m))
          .onConflictDoNothing({
            target: [messages.conversationId, messages.senderId, messages.clientId],
            where: sql`client_id is not null`,
          })
          .returning();
        if (!row) {
          // The sender's client id is taken: this is a retry of a message already stored.
          const existing = await storedByClientId(tx, m, m.clientId ?? '');
          if (!existing) throw new Error('conflicting message vanished');
          return { created: false as const, id: existing.id };
        }
        const attachments = m.attachment
          ? await tx
              .insert(messageAttachments)
              .values({ ...m.attachment, messageId: row.id })
              .returning()
          : [];
        const previousId = first.lastMessageId ?? 0;
        const now = m.now.toISOString();
        const sender = participants.find((p) => p.userId === m.senderId);
        const previousMarker = sender?.lastReadMessageId ?? 0;
        // The rows are locked, so what was read above is what is changed here.
        const read = await tx.execute(sql`
          with conversation as (
            update conversations set last_message_id = ${row.id}, last_activity_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
            where id = ${m.conversationId}
          ), participants as (
            update conversation_participants set
              visible = visible or left_at is null,
              last_read_message_id = case when user_id = ${m.senderId} then greatest(last_read_message_id, ${row.id}) else last_read_message_id end,
              last_read_at = case when user_id = ${m.senderId} and last_read_message_id < ${row.id} then ${now}::timestamptz else last_read_at end
            where conversation_id = ${m.conversationId}
              and ((not visible and left_at is null) or user_id = ${m.senderId})
          )
          select id from messages
          where conversation_id = ${m.conversationId} and id > ${previousMarker} and id <= ${row.id}
            and sender_id <> ${m.senderId}
          order by id desc
          limit 1000`);
        const revealedTo = participants.filter((p) => !p.visible && p.leftAt === null).map((p) => p.userId);
        const after = participants.map((p) => ({
          ...p,
          visible: p.visible || p.leftAt === null,
          ...(p.userId === m.senderId && p.lastReadMessageId < row.id
            ? { lastReadMessageId: row.id, lastReadAt: m.now }
            : {}),
        }));
        return {
          created: true as const,
          row,
          attachments,
          previousId,
          participants: after,
          users: locked.map((r) => r.user),
          revealedTo,
          read: {
            current: Math.max(previousMarker, row.id),
            ids: idRows
              .parse(read)
              .rows.map((r) => r.id)
              .reverse(),
          },
        };
      });
    },

    /** Messages by id with what a view needs: sender, attachments, the quoted message. */
    async messagesByIds(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(messages)
        .where(inArray(messages.id, ids))
        .orderBy(asc(messages.id));
      return rows;
    },

    async attachmentsOf(messageIds: number[]): Promise<AttachmentRow[]> {
      if (messageIds.length === 0) return [];
      return db
        .select()
        .from(messageAttachments)
        .where(inArray(messageAttachments.messageId, messageIds))
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

    /** The latest message of each conversation that the viewer may see (after what they cleared). */
    async latestVisible(viewerId: number, conversationIds: number[]) {
      if (conversationIds.length === 0) return [];
      const rows = await db
        .select({ id: conversations.lastMessageId })
        .from(conversations)
        .innerJoin(cp, and(eq(cp.conversationId, conversations.id), eq(cp.userId, viewerId)))
        .where(
          and(inArray(conversations.id, conversationIds), gt(conversations.lastMessageId, cp.clearedUpTo)),
        );
      return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    },

    /**
     * A page of a conversation's messages after `floor` (what the viewer cleared), ascending ids.
     * `after`: everything newer, oldest first; `before`: the newest older ones; else page N from the newest.
     */
    async page(
      conversationId: number,
      floor: number,
      query: { perPage: number; page: number; before?: number | undefined; after?: number | undefined },
    ) {
      const base = and(eq(messages.conversationId, conversationId), gt(messages.id, floor));
      const total = await db.$count(messages, base);
      if (query.after !== undefined) {
        const rows = await db
          .select({ id: messages.id })
          .from(messages)
          .where(and(base, gt(messages.id, query.after)))
          .orderBy(asc(messages.id))
          .limit(query.perPage + 1);
        return {
          ids: rows.slice(0, query.perPage).map((r) => r.id),
          total,
          hasMore: rows.length > query.perPage,
        };
      }
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(query.before !== undefined ? and(base, lt(messages.id, query.before)) : base)
        .orderBy(desc(messages.id))
        .limit(query.perPage + 1)
        .offset(query.before !== undefined ? 0 : (query.page - 1) * query.perPage);
      const ids = rows
        .slice(0, query.perPage)
        .map((r) => r.id)
        .reverse();
      return { ids, total, hasMore: rows.length > query.perPage };
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

    /**
     * Moves the reader's marker up to `upTo` (never back). Answers the marker before and after
     * and the other side's messages that became read (the last 1000).
     */
    async markRead(conversationId: number, userId: number, upTo: number, now: Date) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ marker: cp.lastReadMessageId })
          .from(cp)
          .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, userId)))
          .for('update');
        const previous = before?.marker ?? 0;
        if (upTo <= previous) return { previous, current: previous, ids: [] as number[] };
        await tx
          .update(cp)
          .set({ lastReadMessageId: upTo, lastReadAt: now })
          .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, userId)));
        const rows = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.conversationId, conversationId),
              gt(messages.id, previous),
              sql`${messages.id} <= ${upTo}`,
              ne(messages.senderId, userId),
            ),
          )
          .orderBy(desc(messages.id))
          .limit(1000);
        return { previous, current: upTo, ids: rows.map((r) => r.id).reverse() };
      });
    },

    /**
     * Unread messages per conversation of the user's list: from the other side, after both the
     * read marker and what the user cleared, not deleted, not system notes.
     */
    async unreadCounts(userId: number, conversationIds?: number[]) {
      const only =
        conversationIds === undefined
          ? sql``
          : conversationIds.length === 0
            ? sql` and false`
            : sql` and p.conversation_id in (${sql.join(
                conversationIds.map((id) => sql`${id}`),
                sql`, `,
              )})`;
      const result = await db.execute(sql`
        select p.conversation_id, count(m.id)::int as unread
        from conversation_participants p
        join messages m on m.conversation_id = p.conversation_id
          and m.id > greatest(p.last_read_message_id, p.cleared_up_to)
          and m.sender_id <> p.user_id and m.type <> 'system' and not m.is_deleted
        where p.user_id = ${userId} and p.visible and p.left_at is null${only}
        group by p.conversation_id`);
      const map = new Map<number, number>();
      for (const row of countRows.parse(result).rows) map.set(row.conversation_id, row.unread);
      return map;
    },

    /** Hides conversations from one user's list and clears their history; answers the ids changed. */
    async hide(userId: number, conversationIds: number[]) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(cp)
          .set({
            visible: false,
            clearedUpTo: sql`coalesce((select c.last_message_id from conversations c where c.id = ${cp.conversationId}), 0)`,
            lastReadMessageId: sql`greatest(${cp.lastReadMessageId}, coalesce((select c.last_message_id from conversations c where c.id = ${cp.conversationId}), 0))`,
          })
          .where(and(eq(cp.userId, userId), inArray(cp.conversationId, conversationIds)))
          .returning({ id: cp.conversationId });
        return rows.map((r) => r.id);
      });
    },

    /** The user leaves: out of their list, history cleared, and a note for the other side. */
    async leave(conversationId: number, userId: number, now: Date) {
      return db.transaction(async (tx) => {
        const conversation = await lockConversation(tx, conversationId);
        if (!conversation) return undefined;
        const previousId = conversation.lastMessageId ?? 0;
        const id = await insertMessage(tx, {
          conversationId,
          senderId: userId,
          clientId: null,
          content: null,
          type: 'system',
          systemEvent: 'left',
          replyToId: null,
          searchText: '',
          now,
        });
        await tx
          .update(cp)
          .set({ leftAt: now, visible: false, clearedUpTo: id, lastReadMessageId: id, lastReadAt: now })
          .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, userId)));
        return { id, previousId };
      });
    },

    /** Conversations of the user's list whose other participant's name or a visible message matches. */
    async search(userId: number, namePattern: string, textPattern: string, limit: number) {
      const rows = await db.execute(sql`
        select c.id from conversation_participants p
        join conversations c on c.id = p.conversation_id
        where p.user_id = ${userId} and p.visible and p.left_at is null and (
          exists (select 1 from conversation_participants o join users u on u.id = o.user_id
                  where o.conversation_id = c.id and o.user_id <> ${userId} and lower(u.name) like ${namePattern})
          or exists (select 1 from messages m where m.conversation_id = c.id and m.id > p.cleared_up_to
                     and not m.is_deleted and m.search_text like ${textPattern}))
        order by c.last_activity_at desc, c.id desc
        limit ${limit}`);
      return z
        .object({ rows: z.array(z.object({ id: z.coerce.number() })) })
        .parse(rows)
        .rows.map((r) => r.id);
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

    /** A secret shared by every process of this deployment, made on first use. */
    async secret(name: string): Promise<string> {
      await db
        .insert(serverSecrets)
        .values({ name, value: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
      if (!row) throw new Error(`secret ${name} missing`);
      return row.value;
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
