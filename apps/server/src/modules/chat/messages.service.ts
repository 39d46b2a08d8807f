import type { ChatMessage, MessagesResult } from '@makan/contract/chat';
import { normalizeSearchText } from '@makan/contract/cities';
import { LIMITS } from '@makan/contract/limits';
import { userChannel } from '@makan/contract/realtime';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import type { AttachmentInsert, AttachmentRow } from './attachments.repository.ts';
import {
  assertActive,
  type ChatAccess,
  type ChatPublisher,
  conversationNotFound,
  roomsOf,
} from './chat-access.service.ts';
import type { ChatViews } from './chat-views.service.ts';
import type { ParticipantRow } from './conversations.repository.ts';
import type { MessageSendRepository } from './message-send.repository.ts';
import type { MessagesRepository } from './messages.repository.ts';

export type MessagesServiceDeps = {
  messages: MessagesRepository;
  messageSend: MessageSendRepository;
  access: ChatAccess;
  views: ChatViews;
  clock: Clock;
  publisher: ChatPublisher;
  /** Deletes a removed message's file; never throws (a failure is logged, the housekeeping sweeps it). */
  removeFile: (attachment: Pick<AttachmentRow, 'kind' | 'storageKey'>) => Promise<void>;
  /** Counts one message of a user; throws 429 (with Retry-After) past the user's flood limit. */
  countMessage: (userId: number) => Promise<void>;
  /** Whether a block stands between two users, either way round. */
  blockedBetween: (a: number, b: number) => Promise<boolean>;
  conversationParticipants: (conversationId: number) => Promise<ParticipantRow[]>;
};

/** A file already checked and stored (chat-files.ts), waiting to become a message. */
export type StoredAttachment = AttachmentInsert;

/**
 * The messages of a conversation: what a message may hold, who may send, edit and delete it, and
 * what connected clients are told. Every change is committed before any event about it is published.
 */
export function createMessagesService(deps: MessagesServiceDeps) {
  const { messages, messageSend, access, views, clock, publisher } = deps;
  const { membership } = access;
  const { viewMessages, messagesView, viewConversations } = views;

  /** Tells both sides of a stored message; replying means the sender has read what came before. */
  async function publishNewMessage(
    conversationId: number,
    stored: Extract<
      NonNullable<Awaited<ReturnType<MessageSendRepository['sendMessage']>>>,
      { created: true }
    >,
    senderId: number,
  ): Promise<ChatMessage> {
    const { participants, read, quoted } = stored;
    // The store answered everything the view needs (the message, its files, the participants and
    // their users, the quoted message and its files): no query between the commit and the event.
    const [message] = await viewMessages([stored.row], participants, {
      attachments: [...stored.attachments, ...(quoted?.attachments ?? [])],
      users: stored.users,
      messages: quoted ? [quoted.row] : [],
    });
    if (!message) throw new Error('message vanished');
    publisher.publish(roomsOf(conversationId, participants), 'MessageSent', {
      message,
      previousMessageId: stored.previousId,
    });
    if (read.ids.length > 0) {
      publisher.publish(roomsOf(conversationId, participants), 'MessageRead', {
        conversationId,
        lastReadMessageId: read.current,
        messageIds: read.ids,
        userId: senderId,
      });
    }
    for (const userId of stored.revealedTo) {
      if (userId === senderId) continue;
      const [conversation] = await viewConversations(userId, [conversationId]);
      if (conversation) publisher.publish([userChannel(userId)], 'NewConversation', { conversation });
    }
    return message;
  }

  async function storeMessage(
    viewerId: number,
    conversationId: number,
    input: {
      content: string | null;
      type: 'text' | 'image' | 'file';
      replyToId: number | null | undefined;
      clientId: string | undefined;
      attachment?: AttachmentInsert;
    },
  ) {
    await deps.countMessage(viewerId);
    // Who may send, and to what they may reply, is checked under the conversation's lock.
    const stored = await messageSend.sendMessage(
      {
        conversationId,
        senderId: viewerId,
        clientId: input.clientId ?? null,
        content: input.content,
        type: input.type,
        replyToId: input.replyToId || null,
        searchText: normalizeSearchText(`${input.content ?? ''} ${input.attachment?.fileName ?? ''}`),
        attachment: input.attachment,
        now: clock.now(),
      },
      ({ participants, replyTo, blocked }) => {
        const me = participants.find((p) => p.userId === viewerId && p.leftAt === null);
        if (!me) throw conversationNotFound(conversationId);
        assertActive(participants);
        if (blocked) throw new Forbidden('conversationBlocked');
        if (input.replyToId && (!replyTo || replyTo.id <= me.clearedUpTo))
          throw new Invalid({ reply_to_id: 'messageNotFound' });
      },
    );
    if (!stored) throw conversationNotFound(conversationId);
    if (!stored.created) {
      const [message] = await messagesView(conversationId, [stored.id]);
      if (!message) throw conversationNotFound(conversationId);
      return { message, created: false };
    }
    const message = await publishNewMessage(conversationId, stored, viewerId);
    return { message, created: true };
  }

  return {
    /**
     * Whether the viewer may send to the conversation now: checked before an upload is read, so a
     * file is not received and stored for a conversation that refuses it (storeMessage checks again
     * under the conversation's lock).
     */
    async assertCanSend(viewerId: number, conversationId: number): Promise<void> {
      const { participants } = await membership(viewerId, conversationId);
      assertActive(participants);
      const other = participants.find((p) => p.userId !== viewerId);
      if (other && (await deps.blockedBetween(viewerId, other.userId)))
        throw new Forbidden('conversationBlocked');
    },

    async messages(
      viewerId: number,
      conversationId: number,
      query: { page: number; per_page: number; before?: number | undefined; after?: number | undefined },
    ): Promise<MessagesResult> {
      const { me, participants } = await membership(viewerId, conversationId);
      const { rows, total, hasMore } = await messages.page(conversationId, me.clearedUpTo, {
        perPage: query.per_page,
        page: query.page,
        before: query.before,
        after: query.after,
      });
      const keyset = query.before !== undefined || query.after !== undefined;
      return {
        messages: await viewMessages(rows, participants),
        pagination: {
          current_page: keyset ? 1 : query.page,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
          per_page: query.per_page,
          total,
          has_more: hasMore,
        },
      };
    },

    async send(
      viewerId: number,
      conversationId: number,
      body: { content: string; reply_to_id?: number | null | undefined; client_id?: string | undefined },
    ) {
      return storeMessage(viewerId, conversationId, {
        content: body.content,
        type: 'text',
        replyToId: body.reply_to_id,
        clientId: body.client_id,
      });
    },

    /** A stored attachment becomes a message; `caption` is the optional text sent with it. */
    async sendFile(
      viewerId: number,
      conversationId: number,
      attachment: StoredAttachment,
      fields: {
        message?: string | undefined;
        reply_to_id?: number | undefined;
        client_id?: string | undefined;
      },
    ) {
      return storeMessage(viewerId, conversationId, {
        content: fields.message ?? null,
        type: attachment.kind === 'image' ? 'image' : 'file',
        replyToId: fields.reply_to_id,
        clientId: fields.client_id,
        attachment,
      });
    },

    async edit(viewerId: number, conversationId: number, messageId: number, content: string) {
      const { me, participants } = await membership(viewerId, conversationId);
      const row = await messages.findMessage(conversationId, messageId);
      if (!row || row.id <= me.clearedUpTo) throw new NotFound('messageNotFound');
      if (row.senderId !== viewerId) throw new Forbidden('notAuthorized');
      if (row.type !== 'text' || row.isDeleted) throw new Forbidden('messageNotEditable');
      await messages.editMessage(messageId, content, normalizeSearchText(content), clock.now());
      const [message] = await messagesView(conversationId, [messageId]);
      if (!message) throw new NotFound('messageNotFound');
      publisher.publish(roomsOf(conversationId, participants), 'MessageEdited', { message });
      return message;
    },

    async remove(viewerId: number, conversationId: number, messageId: number) {
      const { me, participants } = await membership(viewerId, conversationId);
      const row = await messages.findMessage(conversationId, messageId);
      if (!row || row.id <= me.clearedUpTo || row.isDeleted) throw new NotFound('messageNotFound');
      if (row.senderId !== viewerId || row.type === 'system') throw new Forbidden('notAuthorized');
      const files = await messages.deleteMessage(messageId, clock.now());
      for (const file of files) await deps.removeFile(file);
      const [message] = await messagesView(conversationId, [messageId]);
      if (!message) throw new NotFound('messageNotFound');
      publisher.publish(roomsOf(conversationId, participants), 'MessageDeleted', {
        conversationId,
        messageId,
        message,
      });
      return message;
    },

    /**
     * A moderator removes a reported message (issue 21): the same tombstone as its sender's delete,
     * its files deleted, both participants' open chats told.
     */
    async removeAsModerator(messageId: number) {
      const [row] = await messages.messagesByIds([messageId]);
      if (!row || row.isDeleted) return;
      const { conversationId } = row;
      const files = await messages.deleteMessage(messageId, clock.now());
      for (const file of files) await deps.removeFile(file);
      const [message] = await messagesView(conversationId, [messageId]);
      if (!message) return;
      const participants = await deps.conversationParticipants(conversationId);
      publisher.publish(roomsOf(conversationId, participants), 'MessageDeleted', {
        conversationId,
        messageId,
        message,
      });
    },

    async searchMessages(viewerId: number, conversationId: number, q: string) {
      const { me, participants } = await membership(viewerId, conversationId);
      const ids = await messages.searchMessages(
        conversationId,
        me.clearedUpTo,
        containsPattern(normalizeSearchText(q)),
        LIMITS.messageSearchResults,
      );
      return { messages: (await viewMessages(await messages.messagesByIds(ids), participants)).reverse() };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
