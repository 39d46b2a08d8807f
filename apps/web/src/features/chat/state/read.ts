import type { UnreadCounts } from '@makan/contract/chat';
import type { MessageReadEvent } from '@makan/contract/realtime';
import type { ChatState } from './chat-state.ts';
import { updateConversation } from './conversations.ts';

// Read markers and unread counts: the other side's ticks, mine across tabs, and the server's numbers.

/**
 * MessageRead. The other participant read: my messages up to the marker show as read. I read (in
 * another tab or this one): my unread count is what is left after the marker.
 */
export function applyRead(state: ChatState, event: MessageReadEvent, myId: number): ChatState {
  const { conversationId, lastReadMessageId } = event;
  const conversation = state.conversations.find((c) => c.id === conversationId);
  if (event.userId !== myId) {
    let next = state;
    if (conversation && conversation.other_last_read_message_id < lastReadMessageId) {
      next = updateConversation(next, conversationId, { other_last_read_message_id: lastReadMessageId });
    }
    const held = next.messages[conversationId];
    if (held) {
      next = {
        ...next,
        messages: {
          ...next.messages,
          [conversationId]: held.map((m) =>
            !m.outgoing && m.sender_id === myId && m.id <= lastReadMessageId && m.status !== 'read'
              ? { ...m, status: 'read' }
              : m,
          ),
        },
      };
    }
    return next;
  }
  return markReadLocally(state, conversationId, lastReadMessageId, myId);
}

/** My read marker moved (mark-read answered, or my other tab): recompute what is still unread. */
export function markReadLocally(
  state: ChatState,
  conversationId: number,
  lastReadMessageId: number,
  myId: number,
  serverCount?: number,
): ChatState {
  const held = state.messages[conversationId];
  const conversation = state.conversations.find((c) => c.id === conversationId);
  const latestId = conversation?.latest_message?.id ?? 0;
  const left =
    serverCount ??
    (held
      ? held.filter((m) => !m.outgoing && m.sender_id !== myId && m.id > lastReadMessageId).length
      : latestId <= lastReadMessageId
        ? 0
        : (state.unread[conversationId] ?? 0));
  let next: ChatState = { ...state, unread: { ...state.unread, [conversationId]: left } };
  if (conversation && conversation.last_read_message_id < lastReadMessageId) {
    next = updateConversation(next, conversationId, {
      last_read_message_id: lastReadMessageId,
      unread_count: left,
    });
  } else if (conversation) {
    next = updateConversation(next, conversationId, { unread_count: left });
  }
  return next;
}

/** GET /unread-count: the server's read marker is the one definition of unread. */
export function setUnreadCounts(state: ChatState, counts: UnreadCounts): ChatState {
  const unread: Record<number, number> = {};
  for (const c of state.conversations) unread[c.id] = 0;
  for (const row of counts.conversations) unread[row.conversation_id] = row.unread_count;
  return {
    ...state,
    unread,
    conversations: state.conversations.map((c) => ({ ...c, unread_count: unread[c.id] ?? 0 })),
  };
}
