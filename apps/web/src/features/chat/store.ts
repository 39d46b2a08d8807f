import type { ChatMessage, Conversation, UnreadCounts } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import type { MessageReadEvent } from '@makan/contract/realtime';
import { useSyncExternalStore } from 'react';

/**
 * The chat's live state (spec §3 'Chat state'), in one small store: conversations, the active one,
 * messages per conversation, typing users, has-more flags, unread counts and the search. Everything
 * below the store itself is a pure function of (state, input) → state, tested on its own.
 */

export type OutgoingStatus = 'pending' | 'failed';

/** What only this device knows about a message it is sending (spec §3: isPending, isOptimistic, error). */
export interface Outgoing {
  status: OutgoingStatus;
  /** When it was (last) sent, for the 30 s expiry of pending messages. */
  sentAt: number;
  /** The failure, rendered in the current language by the screen. */
  error?: unknown;
  /** An attachment being (or to be) uploaded; Retry uploads it again. */
  file?: File;
  /** Upload progress, 0 to 1. */
  progress?: number;
}

/** A message as the screens show it: the server's, or an optimistic one (negative temporary id). */
export type ChatItem = ChatMessage & { outgoing?: Outgoing };

export interface TypingUser {
  userId: number;
  name: string;
  expiresAt: number;
}

export interface ChatState {
  conversations: Conversation[];
  /** False until the first page of conversations arrived. */
  conversationsLoaded: boolean;
  conversationsHasMore: boolean;
  activeId: number | null;
  /** Only conversations whose messages were loaded have an entry. */
  messages: Record<number, ChatItem[]>;
  /** Older messages exist before the first one held ('Load earlier'). */
  hasMore: Record<number, boolean>;
  /** Loading flags: a conversation's messages on their way, or failed to load. */
  loading: Record<number, 'loading' | 'error'>;
  typing: Record<number, TypingUser[]>;
  unread: Record<number, number>;
  search: { query: string; results: Conversation[] | null };
}

export const initialChatState: ChatState = {
  conversations: [],
  conversationsLoaded: false,
  conversationsHasMore: false,
  activeId: null,
  messages: {},
  hasMore: {},
  loading: {},
  typing: {},
  unread: {},
  search: { query: '', results: null },
};

// ---------------------------------------------------------------- conversations

/** Spec §4: a conversation with an existing id replaces it, else it goes first. */
export function upsertConversation(state: ChatState, conversation: Conversation): ChatState {
  const index = state.conversations.findIndex((c) => c.id === conversation.id);
  const conversations =
    index === -1
      ? [conversation, ...state.conversations]
      : state.conversations.map((c, i) => (i === index ? conversation : c));
  return {
    ...state,
    conversations,
    unread: { ...state.unread, [conversation.id]: conversation.unread_count },
  };
}

/** A page of the list: page 1 replaces the order (newest activity first); later pages append. */
export function setConversations(
  state: ChatState,
  conversations: Conversation[],
  { append = false, hasMore = false }: { append?: boolean; hasMore?: boolean } = {},
): ChatState {
  const incoming = new Set(conversations.map((c) => c.id));
  const others = state.conversations.filter((c) => !incoming.has(c.id));
  const unread = { ...state.unread };
  for (const c of conversations) unread[c.id] = c.unread_count;
  // A fresh page 1 keeps what later pages brought (older than the page's last one), and the open
  // conversation, which may have been fetched on its own.
  const oldest = conversations.at(-1)?.updated_at;
  const later = others.filter(
    (c) => c.id === state.activeId || (hasMore && oldest !== undefined && c.updated_at < oldest),
  );
  return {
    ...state,
    conversations: append ? [...others, ...conversations] : [...conversations, ...later],
    conversationsLoaded: true,
    conversationsHasMore: hasMore || (!append && later.length > 0 && state.conversationsHasMore),
    unread,
  };
}

export function updateConversation(state: ChatState, id: number, updates: Partial<Conversation>): ChatState {
  if (!state.conversations.some((c) => c.id === id)) return state;
  return {
    ...state,
    conversations: state.conversations.map((c) => (c.id === id ? { ...c, ...updates, id } : c)),
    ...(updates.unread_count !== undefined
      ? { unread: { ...state.unread, [id]: updates.unread_count } }
      : {}),
  };
}

/** Deleted or left: the conversation and everything held about it go. */
export function removeConversations(state: ChatState, ids: readonly number[]): ChatState {
  const gone = new Set(ids);
  const without = <T>(record: Record<number, T>) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !gone.has(Number(key)))) as Record<number, T>;
  return {
    ...state,
    conversations: state.conversations.filter((c) => !gone.has(c.id)),
    activeId: state.activeId !== null && gone.has(state.activeId) ? null : state.activeId,
    messages: without(state.messages),
    hasMore: without(state.hasMore),
    loading: without(state.loading),
    typing: without(state.typing),
    unread: without(state.unread),
    search: {
      ...state.search,
      results: state.search.results?.filter((c) => !gone.has(c.id)) ?? null,
    },
  };
}

export function setLoading(state: ChatState, id: number, flag: 'loading' | 'error' | null): ChatState {
  if ((state.loading[id] ?? null) === flag) return state;
  const loading = { ...state.loading };
  if (flag) loading[id] = flag;
  else delete loading[id];
  return { ...state, loading };
}

export function setActive(state: ChatState, id: number | null): ChatState {
  return state.activeId === id ? state : { ...state, activeId: id };
}

// ---------------------------------------------------------------- messages

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
  next = stopTyping(next, conversationId, message.sender_id);
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
      sender_name: message.sender.name,
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

// ---------------------------------------------------------------- outgoing (spec §4)

/** Adds an optimistic message at once, pending, at the end of its conversation. */
export function addPending(state: ChatState, item: ChatItem): ChatState {
  const conversationId = item.conversation_id;
  const held = state.messages[conversationId] ?? [];
  return { ...state, messages: { ...state.messages, [conversationId]: sortMessages([...held, item]) } };
}

function updateOutgoing(
  state: ChatState,
  conversationId: number,
  clientId: string,
  update: (outgoing: Outgoing) => Outgoing,
): ChatState {
  const held = state.messages[conversationId];
  if (!held?.some((m) => m.outgoing && m.client_id === clientId)) return state;
  return {
    ...state,
    messages: {
      ...state.messages,
      [conversationId]: held.map((m) =>
        m.outgoing && m.client_id === clientId ? { ...m, outgoing: update(m.outgoing) } : m,
      ),
    },
  };
}

/** Failed: it stays, with the error and a Retry. */
export function failPending(state: ChatState, conversationId: number, clientId: string, error: unknown) {
  return updateOutgoing(state, conversationId, clientId, (o) => ({ ...o, status: 'failed', error }));
}

export function setProgress(state: ChatState, conversationId: number, clientId: string, progress: number) {
  return updateOutgoing(state, conversationId, clientId, (o) => ({ ...o, progress }));
}

/**
 * Spec §4: pending messages older than 30 s are removed. Uploads are left to their own (longer)
 * timeout: a large photo on a slow line may well take more than 30 s and still arrive.
 */
export function expirePending(state: ChatState, now: number): ChatState {
  let changed = false;
  const messages: Record<number, ChatItem[]> = {};
  for (const [key, list] of Object.entries(state.messages)) {
    const kept = list.filter(
      (m) =>
        !(
          m.outgoing?.status === 'pending' &&
          !m.outgoing.file &&
          now - m.outgoing.sentAt > LIMITS.pendingMessageExpiryMs
        ),
    );
    if (kept.length !== list.length) changed = true;
    messages[Number(key)] = kept;
  }
  return changed ? { ...state, messages } : state;
}

// ---------------------------------------------------------------- read state

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

export function totalUnread(state: ChatState): number {
  let total = 0;
  for (const count of Object.values(state.unread)) total += count;
  return total;
}

/** Spec: my messages with an id up to the other person's read marker show as read. */
export function isRead(state: ChatState, message: ChatItem): boolean {
  if (message.outgoing) return false;
  if (message.status === 'read') return true;
  const conversation = state.conversations.find((c) => c.id === message.conversation_id);
  return (conversation?.other_last_read_message_id ?? 0) >= message.id;
}

// ---------------------------------------------------------------- typing

export function startTyping(
  state: ChatState,
  conversationId: number,
  user: { userId: number; name: string },
  expiresAt: number,
): ChatState {
  const others = (state.typing[conversationId] ?? []).filter((u) => u.userId !== user.userId);
  return { ...state, typing: { ...state.typing, [conversationId]: [...others, { ...user, expiresAt }] } };
}

export function stopTyping(state: ChatState, conversationId: number, userId: number): ChatState {
  const held = state.typing[conversationId];
  if (!held?.some((u) => u.userId === userId)) return state;
  return {
    ...state,
    typing: { ...state.typing, [conversationId]: held.filter((u) => u.userId !== userId) },
  };
}

/** Indicators whose time ran out go by themselves (a lost UserStoppedTyping must not leave one). */
export function pruneTyping(state: ChatState, now: number): ChatState {
  let changed = false;
  const typing: Record<number, TypingUser[]> = {};
  for (const [key, users] of Object.entries(state.typing)) {
    const kept = users.filter((u) => u.expiresAt > now);
    if (kept.length !== users.length) changed = true;
    typing[Number(key)] = kept;
  }
  return changed ? { ...state, typing } : state;
}

// ---------------------------------------------------------------- search

export function setSearch(state: ChatState, query: string, results: Conversation[] | null): ChatState {
  return { ...state, search: { query, results } };
}

// ---------------------------------------------------------------- the store

export function createChatStore(initial: ChatState = initialChatState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    /** Applies a pure update; listeners run only when something changed. */
    update(change: (state: ChatState) => ChatState) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    reset() {
      state = initialChatState;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

export const chatStore = createChatStore();

/** A slice of the chat state; the selector must return something stable (or a primitive). */
export function useChat<T>(selector: (state: ChatState) => T): T {
  return useSyncExternalStore(
    chatStore.subscribe,
    () => selector(chatStore.get()),
    () => selector(chatStore.get()),
  );
}

const EMPTY: ChatItem[] = [];
const NO_TYPING: TypingUser[] = [];

export const selectMessages = (id: number) => (state: ChatState) => state.messages[id] ?? EMPTY;
export const selectTyping = (id: number) => (state: ChatState) => state.typing[id] ?? NO_TYPING;
