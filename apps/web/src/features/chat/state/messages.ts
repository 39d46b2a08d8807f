import type { ChatMessage, Conversation } from '@makan/contract/chat';
import type { ChatItem, ChatState } from './chat-state.ts';
import { updateConversation } from './conversations.ts';
import { stopTyping } from './typing.ts';

// Messages per conversation, in one order and each once: real ones by id (the server numbers them in
// commit order, docs/decisions/003), the ones still on their way after them; a server message replaces
// the optimistic one with its client id, whichever of the socket echo and the answer comes first.

/** Real messages by id, then the ones still on their way (pending, failed) in the order written. */
export function sortMessages(items: readonly ChatItem[]): ChatItem[] {
  const real = items.filter((m) => !m.outgoing).sort((a, b) => a.id - b.id);
  const local = items.filter((m) => m.outgoing);
  return [...real, ...local];
}

/**
 * Merges messages into a list: an existing id is replaced, and a server message carrying the
 * client id of an optimistic one replaces that one (the MessageSent echo may come before the HTTP
 * answer, or after: either way the message shows once).
 */
export function mergeMessages(list: readonly ChatItem[], incoming: readonly ChatItem[]): ChatItem[] {
  const byId = new Map<number, ChatItem>();
  for (const item of list) byId.set(item.id, item);
  for (const item of incoming) {
    if (!item.outgoing && item.client_id) {
      for (const [id, held] of byId) {
        if (held.outgoing && held.client_id === item.client_id) byId.delete(id);
      }
    }
    byId.set(item.id, item);
  }
  return sortMessages([...byId.values()]);
}

/** The newest message id the server gave us in a conversation (0 when none): the catch-up point. */
export function highestRealId(items: readonly ChatItem[] | undefined): number {
  let highest = 0;
  for (const item of items ?? []) if (!item.outgoing && item.id > highest) highest = item.id;
  return highest;
}

/** The newest page of a conversation (first load): replaces the real ones, keeps what is on its way. */
export function setMessages(
  state: ChatState,
  conversationId: number,
  messages: readonly ChatMessage[],
  hasMore: boolean,
): ChatState {
  const local = (state.messages[conversationId] ?? []).filter((m) => m.outgoing);
  const merged = mergeMessages(local, messages);
  return {
    ...state,
    messages: { ...state.messages, [conversationId]: merged },
    hasMore: { ...state.hasMore, [conversationId]: hasMore },
  };
}

/** 'Load earlier' answers: older messages go in; the has-more flag follows the answer. */
export function addOlderMessages(
  state: ChatState,
  conversationId: number,
  messages: readonly ChatMessage[],
  hasMore: boolean,
): ChatState {
  return {
    ...state,
    messages: {
      ...state.messages,
      [conversationId]: mergeMessages(state.messages[conversationId] ?? [], messages),
    },
    hasMore: { ...state.hasMore, [conversationId]: hasMore },
  };
}

/** Catch-up answers: merged into what is held (only for conversations whose messages are loaded). */
export function addNewerMessages(
  state: ChatState,
  conversationId: number,
  messages: readonly ChatMessage[],
): ChatState {
  const held = state.messages[conversationId];
  if (!held || messages.length === 0) return state;
  const next = mergeMessages(held, messages);
  const latest = next.filter((m) => !m.outgoing).at(-1);
  const withList = { ...state, messages: { ...state.messages, [conversationId]: next } };
  return latest ? touchConversation(withList, conversationId, latest) : withList;
}

/** A conversation's latest message changed: it takes it and moves to the top of the list. */
function touchConversation(state: ChatState, conversationId: number, message: ChatMessage): ChatState {
  const conversation = state.conversations.find((c) => c.id === conversationId);
  if (!conversation) return state;
  if (conversation.latest_message && conversation.latest_message.id > message.id) return state;
  const updated: Conversation = { ...conversation, latest_message: message, updated_at: message.created_at };
  return {
    ...state,
    conversations: [updated, ...state.conversations.filter((c) => c.id !== conversationId)],
  };
}

export interface Viewer {
  userId: number;
  /** The tab is visible: a message in the open conversation is read at once. */
  visible: boolean;
}

/**
 * A message that arrived live (MessageSent, or this device's own send answered). Spec §4: one
 * arriving in a conversation that is not open (or not seen: hidden tab) adds 1 to its unread count.
 */
export function receiveMessage(state: ChatState, message: ChatMessage, viewer: Viewer): ChatState {
  const conversationId = message.conversation_id;
  const held = state.messages[conversationId];
  const conversation = state.conversations.find((c) => c.id === conversationId);
  // Seen before (a repeated event): in the list held, or no newer than the conversation's latest.
  const known =
    (held?.some((m) => m.id === message.id) ?? false) ||
    (conversation?.latest_message?.id ?? 0) >= message.id;
  const lastRead = conversation?.last_read_message_id ?? 0;
  let next = state;
  if (held)
    next = { ...next, messages: { ...next.messages, [conversationId]: mergeMessages(held, [message]) } };
  next = touchConversation(next, conversationId, message);
  // The sender is no longer typing once the message is here.
  if (message.sender_id !== null) next = stopTyping(next, conversationId, message.sender_id);
  const unseen = state.activeId !== conversationId || !viewer.visible;
  if (!known && message.sender_id !== viewer.userId && message.id > lastRead && unseen) {
    next = { ...next, unread: { ...next.unread, [conversationId]: (next.unread[conversationId] ?? 0) + 1 } };
  }
  return next;
}

/** MessageEdited / MessageDeleted (a tombstone): the message is replaced where it is held. */
export function replaceMessage(state: ChatState, message: ChatMessage): ChatState {
  const conversationId = message.conversation_id;
  const held = state.messages[conversationId];
  let next = state;
  if (held?.some((m) => m.id === message.id)) {
    next = { ...next, messages: { ...next.messages, [conversationId]: mergeMessages(held, [message]) } };
  }
  const conversation = next.conversations.find((c) => c.id === conversationId);
  if (conversation?.latest_message?.id === message.id) {
    next = updateConversation(next, conversationId, { latest_message: message });
  }
  // Quotes of the changed message follow it.
  const list = next.messages[conversationId];
  if (list?.some((m) => m.reply_to?.id === message.id)) {
    const quote = {
      id: message.id,
      sender_id: message.sender_id,
      sender_name: message.sender?.name ?? '',
      content: message.content,
      type: message.type,
      file_name: message.file_name,
      is_deleted: message.is_deleted,
    };
    next = {
      ...next,
      messages: {
        ...next.messages,
        [conversationId]: list.map((m) => (m.reply_to?.id === message.id ? { ...m, reply_to: quote } : m)),
      },
    };
  }
  return next;
}

export function removeMessage(state: ChatState, conversationId: number, id: number): ChatState {
  const held = state.messages[conversationId];
  if (!held) return state;
  return { ...state, messages: { ...state.messages, [conversationId]: held.filter((m) => m.id !== id) } };
}
