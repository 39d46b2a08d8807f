import type { ChatMessage, ChatUser, Conversation } from '@makan/contract/chat';
import { type ChatItem, type ChatState, initialChatState } from '../features/chat/state/chat-state.ts';
import { setConversations } from '../features/chat/state/conversations.ts';

export const sara: ChatUser = {
  id: 1,
  name: 'Sara Al Amri',
  user_type: 'retail',
  verified: true,
  company_verified: false,
  picture: null,
};
export const omar: ChatUser = {
  id: 2,
  name: 'Omar Haddad',
  user_type: 'developer',
  verified: false,
  company_verified: false,
  picture: null,
};

export function messageFixture(overrides: Partial<ChatMessage> = {}): ChatMessage {
  const sender = overrides.sender ?? (overrides.sender_id === sara.id ? sara : omar);
  return {
    id: 1,
    conversation_id: 10,
    sender_id: sender.id,
    client_id: null,
    content: 'Is the office still available?',
    type: 'text',
    system_event: null,
    reply_to_id: null,
    reply_to: null,
    is_edited: false,
    edited_at: null,
    is_deleted: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    sender,
    attachments: [],
    file_url: null,
    file_name: null,
    file_size: null,
    file_extension: null,
    status: 'sent',
    ...overrides,
  };
}

export function conversationFixture(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 10,
    type: 'private',
    participants: [sara, omar],
    other_participant: omar,
    latest_message: null,
    unread_count: 0,
    last_read_message_id: 0,
    other_last_read_message_id: 0,
    pivot: { last_read_at: null },
    is_active: true,
    blocked_by_me: false,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function pagination(
  overrides: Partial<{
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    has_more: boolean;
  }> = {},
) {
  return { current_page: 1, last_page: 1, per_page: 1000, total: 0, has_more: false, ...overrides };
}

/** Sara reads, with the tab in view: the viewer of the chat state tests. */
export const saraViewing = { userId: sara.id, visible: true };

/** One of Sara's messages still on its way (temporary id -5), under its client id. */
export function pendingFixture(clientId: string, overrides: Partial<ChatItem> = {}): ChatItem {
  return {
    ...messageFixture({ id: -5, sender_id: sara.id, sender: sara, client_id: clientId, content: 'hello' }),
    outgoing: { status: 'pending', sentAt: 1000 },
    ...overrides,
  };
}

/** The chat state holding one conversation (id 10 unless overridden). */
export function stateWithConversation(overrides: Partial<Conversation> = {}): ChatState {
  return setConversations(initialChatState, [conversationFixture(overrides)]);
}
