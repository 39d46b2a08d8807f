import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  ChatAttachment,
  ChatMessage,
  ChatUser,
  Conversation,
  MessagesResult,
  UnreadCounts,
} from '@makan/contract/chat';
import { normalizeSearchText } from '@makan/contract/cities';
import { LIMITS } from '@makan/contract/limits';
import { conversationChannel, type ServerToClientEvents, userChannel } from '@makan/contract/realtime';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import type { AttachmentInsert, AttachmentRow, ChatRepository, ParticipantRow } from './chat.repository.ts';

/** How the service tells connected clients; the real-time plugin implements it (Socket.IO rooms). */
export type ChatPublisher = {
  publish<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
  /** Takes a user's sockets out of a conversation's channel (they left). */
  removeFromChannel(userId: number, conversationId: number): void;
};

export type ChatServiceDeps = {
  chat: ChatRepository;
  clock: Clock;
  publisher: ChatPublisher;
  pictureUrl: (key: string) => string;
  /** Signs attachment addresses; shared by every process of the deployment. */
  fileSecret: string;
  removeFile: (attachment: Pick<AttachmentRow, 'kind' | 'storageKey'>) => Promise<void>;
  /** Counts one message of a user; throws 429 (with Retry-After) past the user's flood limit. */
  countMessage: (userId: number) => Promise<void>;
};

/** A file already checked and stored (chat-files.ts), waiting to become a message. */
export type StoredAttachment = AttachmentInsert;

type UserRow = Awaited<ReturnType<ChatRepository['findUsers']>>[number];
type MessageRow = Awaited<ReturnType<ChatRepository['messagesByIds']>>[number];

const DAY_MS = 24 * 60 * 60_000;

function isVerified(user: UserRow): boolean {
  const email = user.emailVerifiedAt !== null;
  const phone = user.phoneVerifiedAt !== null;
  if (user.verificationMethod === 'both') return email && phone;
  return user.verificationMethod === 'phone' ? phone : email;
}

const notFound = (id: number) => new NotFound({ code: 'conversationNotFound', params: { id } });

/**
 * The rules of one-to-one chat: who may read and write a conversation, what a message may hold,
 * what unread means (the reader's marker on the server), and what connected clients are told.
 * Every change is committed before any event about it is published.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { chat, clock, publisher } = deps;

  // ---- file addresses -------------------------------------------------------------------------

  const signature = (id: number, size: string, expires: number) =>
    createHmac('sha256', deps.fileSecret).update(`${id}:${size}:${expires}`).digest('hex');

  /** Valid until the end of the day after tomorrow (UTC): addresses stay the same for a day, so caches work. */
  function fileUrl(id: number, size: 'full' | 'preview'): string {
    const expires = Math.floor(clock.now().getTime() / DAY_MS + 3) * (DAY_MS / 1000);
    return `/api/chat/files/${id}?size=${size}&expires=${expires}&signature=${signature(id, size, expires)}`;
  }

  function checkFileSignature(id: number, size: string, expires: number, given: string): boolean {
    if (expires * 1000 < clock.now().getTime()) return false;
    const expected = Buffer.from(signature(id, size, expires), 'hex');
    const actual = Buffer.from(given, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  // ---- views -----------------------------------------------------------------------------------

  function userView(user: UserRow | undefined, id: number): ChatUser {
    if (!user) return { id, name: '', user_type: 'retail', verified: false, picture: null };
    return {
      id: user.id,
      name: user.name,
      user_type: user.userType,
      verified: isVerified(user),
      picture: user.pictureKey ? { url: deps.pictureUrl(user.pictureKey) } : null,
    };
  }

  function attachmentView(a: AttachmentRow): ChatAttachment {
    return {
      id: a.id,
      url: fileUrl(a.id, 'full'),
      preview_url: a.kind === 'image' ? fileUrl(a.id, 'preview') : null,
      file_name: a.fileName,
      file_size: a.fileSize,
      file_extension: a.extension,
      mime_type: a.mimeType,
      width: a.width,
      height: a.height,
    };
  }

  /** Messages as the API shows them; `participants` gives the read markers behind the ticks. */
  async function viewMessages(
    rows: MessageRow[],
    participants: ParticipantRow[],
    /**
     * What the caller already holds: every attachment of `rows` and of `messages` (messages they
     * may quote), and some users. Nothing held is asked for again.
     */
    preloaded?: { attachments: AttachmentRow[]; users: UserRow[]; messages?: MessageRow[] },
  ): Promise<ChatMessage[]> {
    if (rows.length === 0) return [];
    const replyIds = [...new Set(rows.flatMap((r) => (r.replyToId ? [r.replyToId] : [])))];
    const held = preloaded ? [...rows, ...(preloaded.messages ?? [])] : [];
    const withFiles = new Set(held.map((r) => r.id));
    const known = new Map([...held, ...rows].map((r) => [r.id, r]));
    const missing = replyIds.filter((id) => !known.has(id));
    for (const row of await chat.messagesByIds(missing)) known.set(row.id, row);
    const quoted = replyIds.flatMap((id) => {
      const row = known.get(id);
      return row ? [row] : [];
    });
    const attachments = [
      ...(preloaded?.attachments ?? []),
      ...(await chat.attachmentsOf(
        [...rows, ...quoted].filter((r) => !withFiles.has(r.id)).map((r) => r.id),
      )),
    ];
    const byMessage = new Map<number, AttachmentRow[]>();
    for (const a of attachments) byMessage.set(a.messageId, [...(byMessage.get(a.messageId) ?? []), a]);
    const users = new Map((preloaded?.users ?? []).map((u) => [u.id, u]));
    const userIds = [...new Set([...rows, ...quoted].map((r) => r.senderId))].filter((id) => !users.has(id));
    for (const user of await chat.findUsers(userIds)) users.set(user.id, user);

    return rows.map((row) => {
      const files = (byMessage.get(row.id) ?? []).map(attachmentView);
      const first = files[0];
      const reply = row.replyToId ? known.get(row.replyToId) : undefined;
      const recipients = participants.filter(
        (p) => p.conversationId === row.conversationId && p.userId !== row.senderId,
      );
      const read = recipients.length > 0 && recipients.every((p) => p.lastReadMessageId >= row.id);
      return {
        id: row.id,
        conversation_id: row.conversationId,
        sender_id: row.senderId,
        client_id: row.clientId,
        content: row.content,
        type: row.type,
        system_event: row.systemEvent,
        reply_to_id: row.replyToId,
        reply_to: reply
          ? {
              id: reply.id,
              sender_id: reply.senderId,
              sender_name: users.get(reply.senderId)?.name ?? '',
              content: reply.content,
              type: reply.type,
              file_name: byMessage.get(reply.id)?.[0]?.fileName ?? null,
              is_deleted: reply.isDeleted,
            }
          : null,
        is_edited: row.editedAt !== null,
        edited_at: row.editedAt?.toISOString() ?? null,
        is_deleted: row.isDeleted,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        sender: userView(users.get(row.senderId), row.senderId),
        attachments: files,
        file_url: first?.url ?? null,
        file_name: first?.file_name ?? null,
        file_size: first?.file_size ?? null,
        file_extension: first?.file_extension ?? null,
        status: read ? 'read' : 'sent',
      };
    });
  }

  async function messagesView(conversationId: number, ids: number[]) {
    const [rows, participants] = await Promise.all([
      chat.messagesByIds(ids),
      chat.participants(conversationId),
    ]);
    return viewMessages(rows, participants);
  }

  /** Conversations as one viewer sees them, in the order of `ids`. */
  async function viewConversations(viewerId: number, ids: number[]): Promise<Conversation[]> {
    if (ids.length === 0) return [];
    const [participants, latestIds, unread, found] = await Promise.all([
      chat.participantsOf(ids),
      chat.latestVisible(viewerId, ids),
      chat.unreadCounts(viewerId, ids),
      chat.findConversations(ids),
    ]);
    const byId = new Map(found.map((c) => [c.id, c]));
    const rows = ids.map((id) => byId.get(id));
    const users = new Map(
      (await chat.findUsers([...new Set(participants.map((p) => p.userId))])).map((u) => [u.id, u]),
    );
    const latestViews = await viewMessages(await chat.messagesByIds(latestIds), participants);
    const views: Conversation[] = [];
    for (const row of rows) {
      if (!row) continue;
      const mine = participants.filter((p) => p.conversationId === row.id);
      const me = mine.find((p) => p.userId === viewerId);
      const other = mine.find((p) => p.userId !== viewerId);
      const latestView = latestViews.find((m) => m.conversation_id === row.id);
      const people = mine.map((p) => userView(users.get(p.userId), p.userId));
      views.push({
        id: row.id,
        type: 'private',
        participants: people,
        other_participant: other ? userView(users.get(other.userId), other.userId) : null,
        latest_message: latestView ?? null,
        unread_count: unread.get(row.id) ?? 0,
        last_read_message_id: me?.lastReadMessageId ?? 0,
        other_last_read_message_id: other?.lastReadMessageId ?? 0,
        pivot: { last_read_at: me?.lastReadAt?.toISOString() ?? null },
        is_active: mine.every((p) => p.leftAt === null),
        created_at: row.createdAt.toISOString(),
        updated_at: row.lastActivityAt.toISOString(),
      });
    }
    return views;
  }

  // ---- access ----------------------------------------------------------------------------------

  /**
   * The viewer's side of a conversation they take part in. Anyone else, and anyone who left,
   * is told the conversation does not exist (no hint that it does).
   */
  async function membership(viewerId: number, conversationId: number) {
    const participants = await chat.participants(conversationId);
    const me = participants.find((p) => p.userId === viewerId && p.leftAt === null);
    if (!me) throw notFound(conversationId);
    return { me, participants };
  }

  const roomsOf = (conversationId: number, participants: ParticipantRow[]) => [
    conversationChannel(conversationId),
    ...participants.filter((p) => p.leftAt === null).map((p) => userChannel(p.userId)),
  ];

  /** Tells both sides of a stored message; replying means the sender has read what came before. */
  async function publishNewMessage(
    conversationId: number,
    stored: Extract<NonNullable<Awaited<ReturnType<ChatRepository['sendMessage']>>>, { created: true }>,
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

  function assertActive(participants: ParticipantRow[]) {
    if (participants.some((p) => p.leftAt !== null)) throw new Forbidden('conversationLeft');
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
    const stored = await chat.sendMessage(
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
      ({ participants, replyTo }) => {
        const me = participants.find((p) => p.userId === viewerId && p.leftAt === null);
        if (!me) throw notFound(conversationId);
        assertActive(participants);
        if (input.replyToId && (!replyTo || replyTo.id <= me.clearedUpTo))
          throw new Invalid({ reply_to_id: 'messageNotFound' });
      },
    );
    if (!stored) throw notFound(conversationId);
    if (!stored.created) {
      const [message] = await messagesView(conversationId, [stored.id]);
      if (!message) throw notFound(conversationId);
      return { message, created: false };
    }
    const message = await publishNewMessage(conversationId, stored, viewerId);
    return { message, created: true };
  }

  return {
    fileUrl,
    checkFileSignature,
    membership,

    /**
     * Whether the viewer may send to the conversation now: checked before an upload is read, so a
     * file is not received and stored for a conversation that refuses it (storeMessage checks again
     * under the conversation's lock).
     */
    async assertCanSend(viewerId: number, conversationId: number): Promise<void> {
      const { participants } = await membership(viewerId, conversationId);
      assertActive(participants);
    },

    async nameOf(userId: number): Promise<string> {
      const [user] = await chat.findUsers([userId]);
      return user?.name ?? '';
    },

    async list(viewerId: number, page: number, perPage: number) {
      const { ids, total } = await chat.listIds(viewerId, (page - 1) * perPage, perPage);
      return {
        conversations: await viewConversations(viewerId, ids),
        pagination: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          per_page: perPage,
          total,
        },
      };
    },

    async get(viewerId: number, conversationId: number): Promise<Conversation> {
      await membership(viewerId, conversationId);
      const [conversation] = await viewConversations(viewerId, [conversationId]);
      if (!conversation) throw notFound(conversationId);
      return conversation;
    },

    /** The private conversation with another user: the existing one, or a new one. */
    async open(viewerId: number, otherId: number) {
      if (otherId === viewerId) throw new Invalid({ user_id: 'cannotMessageSelf' }, 'cannotMessageSelf');
      const [other] = await chat.findUsers([otherId]);
      if (!other) throw new NotFound('userNotFound');
      const { id, created, rejoined } = await chat.openPrivate(viewerId, otherId, clock.now());
      const [conversation] = await viewConversations(viewerId, [id]);
      if (!conversation) throw notFound(id);
      if (rejoined) {
        publisher.publish([userChannel(otherId)], 'ConversationUpdated', {
          conversationId: id,
          updates: { is_active: conversation.is_active },
        });
      }
      return { conversation, created };
    },

    async search(viewerId: number, q: string) {
      const ids = await chat.search(
        viewerId,
        containsPattern(q.toLowerCase()),
        containsPattern(normalizeSearchText(q)),
        LIMITS.conversationsPerPage,
      );
      return { conversations: await viewConversations(viewerId, ids) };
    },

    async participants(viewerId: number, conversationId: number) {
      const { participants } = await membership(viewerId, conversationId);
      const users = new Map((await chat.findUsers(participants.map((p) => p.userId))).map((u) => [u.id, u]));
      return { participants: participants.map((p) => userView(users.get(p.userId), p.userId)) };
    },

    async messages(
      viewerId: number,
      conversationId: number,
      query: { page: number; per_page: number; before?: number | undefined; after?: number | undefined },
    ): Promise<MessagesResult> {
      const { me, participants } = await membership(viewerId, conversationId);
      const { ids, total, hasMore } = await chat.page(conversationId, me.clearedUpTo, {
        perPage: query.per_page,
        page: query.page,
        before: query.before,
        after: query.after,
      });
      const keyset = query.before !== undefined || query.after !== undefined;
      return {
        messages: await viewMessages(await chat.messagesByIds(ids), participants),
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
      const row = await chat.findMessage(conversationId, messageId);
      if (!row || row.id <= me.clearedUpTo) throw new NotFound('messageNotFound');
      if (row.senderId !== viewerId) throw new Forbidden('notAuthorized');
      if (row.type !== 'text' || row.isDeleted) throw new Forbidden('messageNotEditable');
      await chat.editMessage(messageId, content, normalizeSearchText(content), clock.now());
      const [message] = await messagesView(conversationId, [messageId]);
      if (!message) throw new NotFound('messageNotFound');
      publisher.publish(roomsOf(conversationId, participants), 'MessageEdited', { message });
      return message;
    },

    async remove(viewerId: number, conversationId: number, messageId: number) {
      const { me, participants } = await membership(viewerId, conversationId);
      const row = await chat.findMessage(conversationId, messageId);
      if (!row || row.id <= me.clearedUpTo || row.isDeleted) throw new NotFound('messageNotFound');
      if (row.senderId !== viewerId || row.type === 'system') throw new Forbidden('notAuthorized');
      const files = await chat.deleteMessage(messageId, clock.now());
      for (const file of files) await deps.removeFile(file).catch(() => undefined);
      const [message] = await messagesView(conversationId, [messageId]);
      if (!message) throw new NotFound('messageNotFound');
      publisher.publish(roomsOf(conversationId, participants), 'MessageDeleted', {
        conversationId,
        messageId,
        message,
      });
      return message;
    },

    /** Moves the reader's marker (default: to the latest message) and tells both sides. */
    async markRead(viewerId: number, conversationId: number, upTo?: number) {
      const { participants } = await membership(viewerId, conversationId);
      const conversation = await chat.findConversation(conversationId);
      const latest = conversation?.lastMessageId ?? 0;
      const target = Math.min(upTo ?? latest, latest);
      const { current, ids } = await chat.markRead(conversationId, viewerId, target, clock.now());
      if (ids.length > 0) {
        publisher.publish(roomsOf(conversationId, participants), 'MessageRead', {
          conversationId,
          lastReadMessageId: current,
          messageIds: ids,
          userId: viewerId,
        });
      }
      const unread = (await chat.unreadCounts(viewerId, [conversationId])).get(conversationId) ?? 0;
      return {
        conversation_id: conversationId,
        last_read_message_id: current,
        message_ids: ids,
        unread_count: unread,
      };
    },

    async unreadCounts(viewerId: number): Promise<UnreadCounts> {
      const counts = await chat.unreadCounts(viewerId);
      const conversations = [...counts].map(([conversation_id, unread_count]) => ({
        conversation_id,
        unread_count,
      }));
      const total = conversations.reduce((sum, c) => sum + c.unread_count, 0);
      return { unread_count: total, total, conversations };
    },

    /** Hides conversations for the viewer only (others keep them); ids not theirs are ignored. */
    async hide(viewerId: number, conversationIds: number[]) {
      const deleted = await chat.hide(viewerId, [...new Set(conversationIds)]);
      return { deleted };
    },

    async leave(viewerId: number, conversationId: number) {
      const { participants } = await membership(viewerId, conversationId);
      const left = await chat.leave(conversationId, viewerId, clock.now());
      if (!left) throw notFound(conversationId);
      publisher.removeFromChannel(viewerId, conversationId);
      const others = participants.filter((p) => p.userId !== viewerId);
      const after = await chat.participants(conversationId);
      const [message] = await viewMessages(await chat.messagesByIds([left.id]), after);
      if (message) {
        publisher.publish(
          [conversationChannel(conversationId), ...others.map((p) => userChannel(p.userId))],
          'MessageSent',
          { message, previousMessageId: left.previousId },
        );
      }
      publisher.publish(
        others.map((p) => userChannel(p.userId)),
        'ConversationUpdated',
        { conversationId, updates: { is_active: false } },
      );
      return { conversation_id: conversationId };
    },

    async searchMessages(viewerId: number, conversationId: number, q: string) {
      const { me, participants } = await membership(viewerId, conversationId);
      const ids = await chat.searchMessages(
        conversationId,
        me.clearedUpTo,
        containsPattern(normalizeSearchText(q)),
        LIMITS.messageSearchResults,
      );
      return { messages: (await viewMessages(await chat.messagesByIds(ids), participants)).reverse() };
    },

    /** An attachment for download, if the signed address is genuine and still valid. */
    async fileFor(id: number, size: 'full' | 'preview', expires: number, sig: string) {
      if (!checkFileSignature(id, size, expires, sig)) return undefined;
      return chat.findAttachment(id);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
