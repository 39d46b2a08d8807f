import type { ChatAttachment, ChatMessage, ChatUser, Conversation } from '@makan/contract/chat';
import { isVerified } from '../users/users.view.ts';
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository.ts';
import type { ConversationsRepository, ParticipantRow, UserColumns } from './conversations.repository.ts';
import type { MessagesRepository, MessageViewRow } from './messages.repository.ts';
import type { ReadStateRepository } from './read-state.repository.ts';

export type ChatViewsDeps = {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  attachments: AttachmentsRepository;
  readState: ReadStateRepository;
  pictureUrl: (key: string) => string;
  /** The signed address of an attachment (attachments.service.ts). */
  fileUrl: (id: number, size: 'full' | 'preview') => string;
  /** Whom the viewer blocked, and everyone a block stands between them and (blocks.repository.ts). */
  blockRelations: (viewerId: number) => Promise<{ hidden: ReadonlySet<number>; byMe: ReadonlySet<number> }>;
};

/**
 * Conversations, messages and people as the API and the events show them to one viewer: the
 * read ticks from the participants' markers, signed file addresses, quoted messages, unread counts.
 */
export function createChatViews(deps: ChatViewsDeps) {
  const { conversations, messages, readState, fileUrl } = deps;

  function userView(user: UserColumns | undefined, id: number): ChatUser {
    if (!user)
      return { id, name: '', user_type: 'retail', verified: false, company_verified: false, picture: null };
    return {
      id: user.id,
      name: user.name,
      user_type: user.userType,
      verified: isVerified(user),
      company_verified: user.companyVerifiedAt !== null,
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
    rows: MessageViewRow[],
    participants: ParticipantRow[],
    /**
     * What the caller already holds: every attachment of `rows` and of `messages` (messages they
     * may quote), and some users. Nothing held is asked for again.
     */
    preloaded?: { attachments: AttachmentRow[]; users: UserColumns[]; messages?: MessageViewRow[] },
    /** People the caller already read (without the files): not asked for again. */
    knownUsers: UserColumns[] = [],
  ): Promise<ChatMessage[]> {
    if (rows.length === 0) return [];
    const replyIds = [...new Set(rows.flatMap((r) => (r.replyToId ? [r.replyToId] : [])))];
    const held = preloaded ? [...rows, ...(preloaded.messages ?? [])] : [];
    const withFiles = new Set(held.map((r) => r.id));
    const known = new Map([...held, ...rows].map((r) => [r.id, r]));
    const missing = replyIds.filter((id) => !known.has(id));
    for (const row of await messages.messagesByIds(missing)) known.set(row.id, row);
    const quoted = replyIds.flatMap((id) => {
      const row = known.get(id);
      return row ? [row] : [];
    });
    const attachments = [
      ...(preloaded?.attachments ?? []),
      ...(await deps.attachments.attachmentsOf(
        [...rows, ...quoted].filter((r) => !withFiles.has(r.id)).map((r) => r.id),
      )),
    ];
    const byMessage = new Map<number, AttachmentRow[]>();
    for (const a of attachments) byMessage.set(a.messageId, [...(byMessage.get(a.messageId) ?? []), a]);
    const users = new Map([...knownUsers, ...(preloaded?.users ?? [])].map((u) => [u.id, u]));
    const userIds = [
      ...new Set([...rows, ...quoted].flatMap((r) => (r.senderId === null ? [] : [r.senderId]))),
    ].filter((id) => !users.has(id));
    for (const user of await conversations.findUsers(userIds)) users.set(user.id, user);
    // One view per sender, shared by their messages (a page is mostly two people's).
    const senders = new Map<number, ChatUser>();
    const senderView = (id: number) => {
      let view = senders.get(id);
      if (!view) {
        view = userView(users.get(id), id);
        senders.set(id, view);
      }
      return view;
    };

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
              sender_name: reply.senderId === null ? '' : (users.get(reply.senderId)?.name ?? ''),
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
        sender: row.senderId === null ? null : senderView(row.senderId),
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
      messages.messagesByIds(ids),
      conversations.participants(conversationId),
    ]);
    return viewMessages(rows, participants);
  }

  /** Conversations as one viewer sees them, in the order of `ids`. */
  async function viewConversations(viewerId: number, ids: number[]): Promise<Conversation[]> {
    if (ids.length === 0) return [];
    const [participants, latest, unread, found, blocks] = await Promise.all([
      conversations.participantsOf(ids),
      messages.latestVisible(viewerId, ids),
      readState.unreadCounts(viewerId, ids),
      conversations.findConversations(ids),
      deps.blockRelations(viewerId),
    ]);
    const byId = new Map(found.map((c) => [c.id, c]));
    const rows = ids.map((id) => byId.get(id));
    const people = await conversations.findUsers([...new Set(participants.map((p) => p.userId))]);
    const users = new Map(people.map((u) => [u.id, u]));
    // The latest messages' senders are participants: already read.
    const latestViews = await viewMessages(latest, participants, undefined, people);
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
        // A private conversation needs both people: one who left, or whose account was erased, ends
        // it; a block either way closes it.
        is_active:
          mine.length === 2 &&
          mine.every((p) => p.leftAt === null) &&
          !(other && blocks.hidden.has(other.userId)),
        blocked_by_me: other ? blocks.byMe.has(other.userId) : false,
        created_at: row.createdAt.toISOString(),
        updated_at: row.lastActivityAt.toISOString(),
      });
    }
    return views;
  }

  return { userView, viewMessages, messagesView, viewConversations };
}
export type ChatViews = ReturnType<typeof createChatViews>;
