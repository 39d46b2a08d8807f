import type { ChatMessage, Conversation, Presence } from '@makan/contract/chat';

// The shape of the chat's live state (spec §3 'Chat state'): conversations, the active one, messages
// per conversation, typing users, has-more flags, unread counts and the search. The modules beside this
// one change it, each a pure function of (state, input) → state tested on its own; `../store.ts` holds
// the one instance the screens read.

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
  /** Conversation partners' presence by user id (issue 19): fetched when shown, then kept live by events. */
  presence: Record<number, Presence>;
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
  presence: {},
};
