import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { anyOfIds } from '../../db/any-of.ts';
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
type UserColumns = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'userType' | 'pictureKey' | 'emailVerifiedAt' | 'phoneVerifiedAt' | 'verificationMethod'
>;

const countRows = z.object({
  rows: z.array(z.object({ conversation_id: z.coerce.number(), unread: z.coerce.number() })),
});

// Rows as `row_to_json` writes them (snake_case, ISO timestamps), read back into Drizzle's shapes.
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type CamelKeys<T> = { [K in keyof T & string as CamelCase<K>]: T[K] };
const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A JSON row checked against its columns' types, with Drizzle's camelCase keys. The key names are
 * worked out once per shape, not per row: a send reads a dozen of these rows.
 */
function jsonRow<Shape extends z.ZodRawShape>(shape: Shape) {
  const keys = Object.keys(shape).map((key) => [key, camelCase(key)] as const);
  return z.object(shape).transform((row) => {
    const source: Record<string, unknown> = row;
    const out: Record<string, unknown> = {};
    for (const [key, camel] of keys) out[camel] = source[key];
    return out as CamelKeys<z.output<z.ZodObject<Shape>>>;
  });
}

const isoDate = z.string().transform((value) => new Date(value));
const messageJson = jsonRow({
  id: z.number(),
  conversation_id: z.number(),
  sender_id: z.number(),
  client_id: z.string().nullable(),
  content: z.string().nullable(),
  type: z.enum(['text', 'image', 'file', 'system']),
  system_event: z.enum(['left', 'rejoined']).nullable(),
  reply_to_id: z.number().nullable(),
  search_text: z.string(),
  is_deleted: z.boolean(),
  edited_at: isoDate.nullable(),
  created_at: isoDate,
  updated_at: isoDate,
}) satisfies z.ZodType<MessageRow>;
const participantJson = jsonRow({
  conversation_id: z.number(),
  user_id: z.number(),
  last_read_message_id: z.number(),
  last_read_at: isoDate.nullable(),
  cleared_up_to: z.number(),
  visible: z.boolean(),
  left_at: isoDate.nullable(),
  joined_at: isoDate,
}) satisfies z.ZodType<ParticipantRow>;
const attachmentJson = jsonRow({
  id: z.number(),
  message_id: z.number(),
  kind: z.enum(['image', 'file']),
  storage_key: z.string(),
  file_name: z.string(),
  file_size: z.number(),
  mime_type: z.string(),
  extension: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: isoDate,
}) satisfies z.ZodType<AttachmentRow>;
const userJson = jsonRow({
  id: z.number(),
  name: z.string(),
  user_type: z.enum(['retail', 'developer']),
  picture_key: z.string().nullable(),
  email_verified_at: isoDate.nullable(),
  phone_verified_at: isoDate.nullable(),
  verification_method: z.enum(['email', 'phone', 'both']),
}) satisfies z.ZodType<UserColumns>;
/** What the one-statement send answers: no row when it stored nothing (then the transaction decides). */
const plainSendRows = z.object({
  rows: z.array(
    z.object({
      message: messageJson,
      previous_id: z.coerce.number(),
      participants: z.array(participantJson),
      users: z.array(userJson),
      read_ids: z.array(z.coerce.number()),
      read_complete: z.boolean(),
      reply_to: messageJson.nullable(),
      reply_attachments: z.array(attachmentJson),
    }),
  ),
});

const dialect = new PgDialect();

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

  /**
   * A stored message as `sendMessage` answers it, from the participants as they were locked before
   * it: who sees the conversation again, and the participants after (the sender's read marker moved).
   */
  function stored(
    m: MessageInsert,
    found: {
      row: MessageRow;
      attachments: AttachmentRow[];
      previousId: number;
      participants: ParticipantRow[];
      users: UserColumns[];
      /** The other side's messages the sender's marker passed (ascending, the last 1000). */
      readIds: number[];
      /** The message replied to, with its files. */
      quoted: { row: MessageRow; attachments: AttachmentRow[] } | undefined;
    },
  ) {
    const { row, participants } = found;
    const previousMarker = participants.find((p) => p.userId === m.senderId)?.lastReadMessageId ?? 0;
    return {
      created: true as const,
      row,
      attachments: found.attachments,
      previousId: found.previousId,
      participants: participants.map((p) => ({
        ...p,
        visible: p.visible || p.leftAt === null,
        ...(p.userId === m.senderId && p.lastReadMessageId < row.id
          ? { lastReadMessageId: row.id, lastReadAt: m.now }
          : {}),
      })),
      users: found.users,
      revealedTo: participants.filter((p) => !p.visible && p.leftAt === null).map((p) => p.userId),
      read: { current: Math.max(previousMarker, row.id), ids: found.readIds },
      quoted: found.quoted,
    };
  }

  /**
   * The statement of `sendPlain`, built once and run under a name: on PostgreSQL each connection
   * parses and plans it once, then only binds and runs it (planning its CTEs cost more than running
   * them: half the time of a send). PGlite in this process runs it as any other statement.
   */
  const conversationId = sql`${sql.placeholder('conversationId')}::int`;
  const senderId = sql`${sql.placeholder('senderId')}::int`;
  const replyToId = sql`${sql.placeholder('replyToId')}::int`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const sendPlainStatement = db._.session.prepareQuery(
    dialect.sqlToQuery(sql`
      with locked as materialized (
        select c.last_message_id as previous_id, p.*
        from conversations c
        join conversation_participants p on p.conversation_id = c.id
        where c.id = ${conversationId}
        order by p.user_id
        for update of c, p
      ), admitted as (
        select s.* from locked s
        where s.user_id = ${senderId} and s.left_at is null
          and not exists (select 1 from locked o where o.left_at is not null)
          and (${replyToId} is null or exists (
            select 1 from messages r
            where r.id = ${replyToId} and r.conversation_id = ${conversationId} and r.id > s.cleared_up_to))
      ), inserted as (
        insert into messages (conversation_id, sender_id, client_id, content, type, reply_to_id, search_text, created_at, updated_at)
        select ${conversationId}, ${senderId}, ${sql.placeholder('clientId')}::text, ${sql.placeholder('content')}::text, ${sql.placeholder('type')}::text, ${replyToId},
          ${sql.placeholder('searchText')}::text, ${now}, ${now}
        from admitted
        on conflict (conversation_id, sender_id, client_id) where client_id is not null do nothing
        returning *
      ), conversation as (
        update conversations c set last_message_id = i.id, last_activity_at = i.created_at, updated_at = i.created_at
        from inserted i
        where c.id = i.conversation_id
      ), participants as (
        update conversation_participants p set
          visible = p.visible or p.left_at is null,
          last_read_message_id = case when p.user_id = i.sender_id then greatest(p.last_read_message_id, i.id) else p.last_read_message_id end,
          last_read_at = case when p.user_id = i.sender_id and p.last_read_message_id < i.id then i.created_at else p.last_read_at end
        from inserted i
        where p.conversation_id = i.conversation_id
          and p.user_id in (select l.user_id from locked l where (not l.visible and l.left_at is null) or l.user_id = i.sender_id)
      )
      select
        row_to_json(i) as message,
        coalesce(a.previous_id, 0) as previous_id,
        (select json_agg(l order by l.user_id) from locked l) as participants,
        (select json_agg(json_build_object('id', u.id, 'name', u.name, 'user_type', u.user_type,
            'picture_key', u.picture_key, 'email_verified_at', u.email_verified_at,
            'phone_verified_at', u.phone_verified_at, 'verification_method', u.verification_method))
          from users u where u.id in (select l.user_id from locked l)) as users,
        array(
          select r.id from (
            select m.id from messages m
            where m.conversation_id = i.conversation_id and m.id > a.last_read_message_id and m.id < i.id
              and m.sender_id <> i.sender_id
            order by m.id desc
            limit 1000
          ) r order by r.id
        ) as read_ids,
        (a.previous_id is not distinct from (select c.last_message_id from conversations c where c.id = i.conversation_id)
          or a.last_read_message_id >= coalesce(a.previous_id, 0)) as read_complete,
        (select row_to_json(r) from messages r where r.id = i.reply_to_id) as reply_to,
        (select coalesce(json_agg(f order by f.id), '[]'::json) from message_attachments f where f.message_id = i.reply_to_id)
          as reply_attachments
      from inserted i, admitted a`),
    undefined,
    'chat_send_plain',
    false,
  );

  /**
   * The common send, a text message that nothing refuses, as one statement in autocommit: no BEGIN
   * and COMMIT round trips, one in all. It locks the conversation and its participants (FOR UPDATE,
   * the same rows in the same order as the transaction) and inserts only when, by the locked rows,
   * the sender takes part, nobody left and the reply is to a message of the conversation after what
   * the sender cleared; the id is drawn once the lock is held, so ids follow `last_message_id`.
   *
   * The statement's other reads see its snapshot, taken before the lock was granted: a send that
   * committed while this one waited is not in it. Updates are safe (they match rows by key, and
   * PostgreSQL re-reads a row changed since the snapshot before updating it, so hidden participants,
   * read markers and the latest message are moved from the locked versions). A reply to a message
   * the snapshot lacks is not admitted (the transaction decides). The newly read ids may lack such
   * a message: `read_complete` says whether they are whole (nothing committed in between, or the
   * sender had read up to the latest message already, as when the sender's own sends queue up);
   * else they are read again after the commit.
   *
   * Answers nothing when it stored nothing: a refusal, a repeated client id, a reply it cannot check.
   */
  async function sendPlain(m: MessageInsert) {
    const result = await sendPlainStatement.execute({
      conversationId: m.conversationId,
      senderId: m.senderId,
      clientId: m.clientId,
      content: m.content,
      type: m.type,
      replyToId: m.replyToId,
      searchText: m.searchText,
      now: m.now.toISOString(),
    });
    const [sent] = plainSendRows.parse(result).rows;
    if (!sent || sent.read_complete) return sent;
    const marker = sent.participants.find((p) => p.userId === m.senderId)?.lastReadMessageId ?? 0;
    return { ...sent, read_ids: await newlyRead(m.conversationId, m.senderId, marker, sent.message.id) };
  }

  /** The other side's messages between a reader's old marker and `upTo` (ascending, the last 1000). */
  async function newlyRead(conversationId: number, readerId: number, after: number, upTo: number) {
    const rows = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          gt(messages.id, after),
          lt(messages.id, upTo),
          ne(messages.senderId, readerId),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1000);
    return rows.map((r) => r.id).reverse();
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
     * Sends a message: locks the conversation and its participants, lets `admit` refuse (not a
     * participant, someone left, a bad reply), stores the message unless the sender's client id is
     * already there (then answers that one, `created: false`), moves the conversation's latest
     * message, brings it back into the lists of whoever had deleted it and moves the sender's read
     * marker (a reply means what came before was read). Answers all a view and the events need.
     *
     * A text message that `admit` could not refuse is stored in one statement outside any
     * transaction (`sendPlain`); anything else (a refusal to explain, a repeated client id, a file,
     * a reply to a message committed while the statement waited) takes the transaction, which gives
     * the precise answer.
     */
    async sendMessage(
      m: MessageInsert,
      admit: (state: { participants: ParticipantRow[]; replyTo: MessageRow | undefined }) => void,
    ) {
      if (!m.attachment) {
        const plain = await sendPlain(m);
        if (plain) {
          return stored(m, {
            row: plain.message,
            attachments: [],
            previousId: plain.previous_id,
            participants: plain.participants,
            users: plain.users,
            readIds: plain.read_ids,
            quoted: plain.reply_to
              ? { row: plain.reply_to, attachments: plain.reply_attachments }
              : undefined,
          });
        }
      }
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
        const now = m.now.toISOString();
        const previousMarker = participants.find((p) => p.userId === m.senderId)?.lastReadMessageId ?? 0;
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
        const quotedFiles = replyTo
          ? await tx
              .select()
              .from(messageAttachments)
              .where(eq(messageAttachments.messageId, replyTo.id))
              .orderBy(asc(messageAttachments.id))
          : [];
        return stored(m, {
          row,
          attachments,
          previousId: first.lastMessageId ?? 0,
          participants,
          users: locked.map((r) => r.user),
          readIds: idRows
            .parse(read)
            .rows.map((r) => r.id)
            .reverse(),
          quoted: replyTo ? { row: replyTo, attachments: quotedFiles } : undefined,
        });
      });
    },

    /** Messages by id with what a view needs: sender, attachments, the quoted message. */
    async messagesByIds(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(messages)
        .where(anyOfIds(messages.id, ids))
        .orderBy(asc(messages.id));
      return rows;
    },

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
      return idRows.parse(rows).rows.map((r) => r.id);
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
