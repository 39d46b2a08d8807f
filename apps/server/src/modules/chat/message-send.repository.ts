import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  conversations,
  conversationParticipants as cp,
  messageAttachments,
  messages,
} from '../../db/schema/chat.ts';
import { users } from '../../db/schema/users.ts';
import { isBlockBetween } from '../blocks/blocks.repository.ts';
import type { AttachmentRow } from './attachments.repository.ts';
import { type ParticipantRow, type UserColumns, userColumns } from './conversations.repository.ts';
import { createPlainSend } from './message-send-plain.repository.ts';
import type { MessageInsert, MessageRow } from './messages.repository.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

/**
 * Every write that adds a message: a send, the seed's messages, the note of someone leaving. Adding
 * a message locks its conversation's row for the length of the transaction: messages of one
 * conversation are numbered in commit order (a reader that holds id N never later meets a smaller
 * new id), and a repeated client id is found rather than stored twice.
 */
export function createMessageSendRepository(db: Database) {
  const sendPlain = createPlainSend(db);

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

  return {
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
      admit: (state: {
        participants: ParticipantRow[];
        replyTo: MessageRow | undefined;
        /** A block stands between the two participants (either way). */
        blocked: boolean;
      }) => void,
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
        const [a, b] = participants;
        const blocked = a && b ? await isBlockBetween(tx, a.userId, b.userId) : false;
        admit({ participants, replyTo, blocked });
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
        // The rows are locked, so what was read above is what is changed here. The ids newly read are
        // those of readIdsBetween (read-state.repository.ts), in the statement of the updates: one round trip.
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
            and sender_id is distinct from ${m.senderId}
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
  };
}
export type MessageSendRepository = ReturnType<typeof createMessageSendRepository>;
