import type { Conversation } from '@makan/contract/chat';
import type { ChatState } from './chat-state.ts';

// The conversation list and what is held per conversation: pages, live changes, removal, the search.

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

export function setSearch(state: ChatState, query: string, results: Conversation[] | null): ChatState {
  return { ...state, search: { query, results } };
}
