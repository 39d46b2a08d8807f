import { LIMITS } from '@makan/contract/limits';
import type { ServerToClientEvents } from '@makan/contract/realtime';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@makan/contract/realtime-events';
import { ApiError } from '../../lib/http.ts';
import type { RealtimeSocket } from '../../lib/realtime.ts';
import { fetchConversation } from './api/conversation.ts';
import { fetchConversations } from './api/conversations.ts';
import { markRead } from './api/mark-read.ts';
import { fetchMessages } from './api/messages.ts';
import { fetchPresence } from './api/presence.ts';
import { fetchUnreadCount } from './api/unread-count.ts';
import { currentMe } from './outbox.ts';
import {
  setConversations,
  setLoading,
  updateConversation,
  upsertConversation,
} from './state/conversations.ts';
import {
  addNewerMessages,
  addOlderMessages,
  highestRealId,
  receiveMessage,
  replaceMessage,
  setMessages,
} from './state/messages.ts';
import { expirePending } from './state/outgoing.ts';
import { setPresence } from './state/presence.ts';
import { applyRead, markReadLocally, setUnreadCounts } from './state/read.ts';
import { pruneTyping, startTyping, stopTyping } from './state/typing.ts';
import { type ChatStore, chatStore } from './store.ts';

/**
 * What keeps the chat store in step with the server: the socket's events, the catch-up after every
 * (re)connect (nothing is lost while offline), and the loads and read marks of the open conversation.
 */

export interface SyncDeps {
  store: ChatStore;
  fetchConversations: typeof fetchConversations;
  fetchConversation: typeof fetchConversation;
  fetchMessages: typeof fetchMessages;
  fetchUnreadCount: typeof fetchUnreadCount;
  fetchPresence: typeof fetchPresence;
  markRead: typeof markRead;
  myId: () => number | null;
  visible: () => boolean;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
}

export const defaultSyncDeps: SyncDeps = {
  store: chatStore,
  fetchConversations,
  fetchConversation,
  fetchMessages,
  fetchUnreadCount,
  fetchPresence,
  markRead,
  myId: () => currentMe()?.id ?? null,
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
};

function withDefaults(overrides: Partial<SyncDeps>): SyncDeps {
  return { ...defaultSyncDeps, ...overrides };
}

/** Page 1 of the list (newest activity first), or a later page appended. */
export async function loadConversations(page = 1, overrides: Partial<SyncDeps> = {}) {
  const deps = withDefaults(overrides);
  const result = await deps.fetchConversations(page);
  const hasMore = result.pagination.current_page < result.pagination.last_page;
  deps.store.update((state) => setConversations(state, result.conversations, { append: page > 1, hasMore }));
  return result;
}

/** GET /unread-count: the server's numbers replace what was counted here. */
export async function refreshUnread(overrides: Partial<SyncDeps> = {}) {
  const deps = withDefaults(overrides);
  const counts = await deps.fetchUnreadCount();
  deps.store.update((state) => setUnreadCounts(state, counts));
  return counts;
}

/**
 * After every (re)connect: each conversation with messages held asks for everything after the
 * newest one held (page after page while there is more), then the list and the unread counts are
 * fetched again. Failures are left for the next connect; what is held stays.
 */
export async function catchUp(overrides: Partial<SyncDeps> = {}): Promise<void> {
  const deps = withDefaults(overrides);
  const held = deps.store.get().messages;
  // The catch-up points are read now, at connect: events arriving meanwhile must not move them.
  await Promise.all(
    Object.keys(held).map((key) => catchUpConversation(Number(key), highestRealId(held[Number(key)]), deps)),
  );
  await loadConversations(1, deps);
  await refreshUnread(deps);
  // Presence changes missed while disconnected.
  await refreshPresence(deps);
  const active = deps.store.get().activeId;
  if (active !== null) await markConversationRead(active, deps);
}

/** Everything after `after` in one conversation, page after page while there is more. */
async function catchUpConversation(conversationId: number, after: number, deps: SyncDeps) {
  let from = after;
  // Bounded: a conversation cannot have grown by more than this many pages while offline.
  for (let round = 0; round < 100; round++) {
    const page = await deps.fetchMessages(conversationId, { after: from });
    deps.store.update((state) => addNewerMessages(state, conversationId, page.messages));
    const newest = highestRealId(page.messages);
    if (!page.pagination.has_more || newest <= from) break;
    from = newest;
  }
}

/** Loads the newest page of a conversation's messages (first open). */
export async function loadMessages(conversationId: number, overrides: Partial<SyncDeps> = {}) {
  const deps = withDefaults(overrides);
  deps.store.update((state) => setLoading(state, conversationId, 'loading'));
  try {
    const result = await deps.fetchMessages(conversationId, { page: 1 });
    const hasMore = result.pagination.current_page < result.pagination.last_page;
    deps.store.update((state) =>
      setLoading(setMessages(state, conversationId, result.messages, hasMore), conversationId, null),
    );
  } catch (error) {
    deps.store.update((state) => setLoading(state, conversationId, 'error'));
    throw error;
  }
}

/** 'Load earlier': the page before the oldest message held. */
export async function loadEarlier(conversationId: number, overrides: Partial<SyncDeps> = {}) {
  const deps = withDefaults(overrides);
  const held = deps.store.get().messages[conversationId] ?? [];
  const oldest = held.find((m) => !m.outgoing)?.id;
  if (!oldest) return;
  const result = await deps.fetchMessages(conversationId, { before: oldest });
  deps.store.update((state) =>
    addOlderMessages(state, conversationId, result.messages, result.pagination.has_more),
  );
}

/** The conversation is not in the list yet (a link, a reload): it is asked for on its own. */
export async function findConversation(conversationId: number, overrides: Partial<SyncDeps> = {}) {
  const deps = withDefaults(overrides);
  try {
    const conversation = await deps.fetchConversation(conversationId);
    deps.store.update((state) => upsertConversation(state, conversation));
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return false;
    throw error;
  }
}

/**
 * Marks the open conversation read when there is something to read and the person can see it
 * (spec §4: on open, and again as new messages arrive while it is open and the tab is visible).
 */
export async function markConversationRead(conversationId: number, overrides: Partial<SyncDeps> = {}) {
  const deps = withDefaults(overrides);
  const me = deps.myId();
  if (me === null || !deps.visible()) return;
  const state = deps.store.get();
  const conversation = state.conversations.find((c) => c.id === conversationId);
  const held = state.messages[conversationId] ?? [];
  const newestFromOther = held.reduce(
    (max, m) => (!m.outgoing && m.sender_id !== me && m.id > max ? m.id : max),
    0,
  );
  const lastRead = conversation?.last_read_message_id ?? 0;
  const unread = state.unread[conversationId] ?? 0;
  if (newestFromOther <= lastRead && unread === 0) return;
  try {
    const result = await deps.markRead(conversationId);
    deps.store.update((s) =>
      markReadLocally(s, conversationId, result.last_read_message_id, me, result.unread_count),
    );
  } catch {
    // The next arrival or reconnect tries again.
  }
}

/** Conversation partners' presence, asked again (after a reconnect, or when the screen shows them). */
export async function loadPresence(userIds: readonly number[], overrides: Partial<SyncDeps> = {}) {
  if (userIds.length === 0) return;
  const deps = withDefaults(overrides);
  try {
    const list = await deps.fetchPresence(userIds);
    deps.store.update((state) => setPresence(state, list));
  } catch {
    // Presence is a hint: the next connect or screen asks again.
  }
}

/** Everyone whose presence is held, asked again (after the user's own switch changed). */
export function refreshPresence(overrides: Partial<SyncDeps> = {}) {
  const deps = withDefaults(overrides);
  return loadPresence(Object.keys(deps.store.get().presence).map(Number), deps);
}

/** Every server event, into the store. Returns the function that takes the handlers off again. */
export function attachSocket(socket: RealtimeSocket, overrides: Partial<SyncDeps> = {}): () => void {
  const deps = withDefaults(overrides);
  const { store } = deps;
  // NotificationsChanged is the notifications feature's (features/notifications/live.ts).
  const handlers: Omit<ServerToClientEvents, 'NotificationsChanged'> = {
    [SERVER_EVENTS.messageSent]: ({ message, previousMessageId }) => {
      const me = deps.myId() ?? 0;
      const known = store.get().conversations.some((c) => c.id === message.conversation_id);
      const held = store.get().messages[message.conversation_id];
      const highest = held ? highestRealId(held) : null;
      store.update((state) => receiveMessage(state, message, { userId: me, visible: deps.visible() }));
      // Events can overtake each other (published after commit, maybe by another process): when the
      // one before this is newer than anything held, it is fetched now rather than risk missing it.
      if (highest !== null && previousMessageId > highest) {
        void catchUpConversation(message.conversation_id, highest, deps).catch(() => {});
      }
      if (!known) void loadConversations(1, deps).catch(() => {});
      else if (store.get().activeId === message.conversation_id && message.sender_id !== me) {
        void markConversationRead(message.conversation_id, deps);
      }
    },
    [SERVER_EVENTS.messageRead]: (event) => {
      const me = deps.myId();
      if (me !== null) store.update((state) => applyRead(state, event, me));
    },
    [SERVER_EVENTS.userTyping]: ({ conversationId, userId, name, expiresInMs }) => {
      if (userId === deps.myId()) return;
      store.update((state) => startTyping(state, conversationId, { userId, name }, deps.now() + expiresInMs));
      deps.setTimer(() => store.update((state) => pruneTyping(state, deps.now())), expiresInMs + 50);
    },
    [SERVER_EVENTS.userStoppedTyping]: ({ conversationId, userId }) => {
      store.update((state) => stopTyping(state, conversationId, userId));
    },
    [SERVER_EVENTS.newConversation]: ({ conversation }) => {
      store.update((state) => upsertConversation(state, conversation));
    },
    [SERVER_EVENTS.conversationUpdated]: ({ conversationId, updates }) => {
      store.update((state) => updateConversation(state, conversationId, updates));
    },
    [SERVER_EVENTS.messageEdited]: ({ message }) => {
      store.update((state) => replaceMessage(state, message));
    },
    [SERVER_EVENTS.messageDeleted]: ({ message }) => {
      store.update((state) => replaceMessage(state, message));
    },
    [SERVER_EVENTS.presenceChanged]: (presence) => {
      store.update((state) => setPresence(state, [presence]));
    },
  };
  // Every handler on and (on detach) off again, by the event it is named after.
  const entries = Object.entries(handlers) as [keyof ServerToClientEvents, (payload: never) => void][];
  const on = socket.on.bind(socket) as (event: string, handler: (payload: never) => void) => void;
  const off = socket.off.bind(socket) as (event: string, handler: (payload: never) => void) => void;
  for (const [event, handler] of entries) on(event, handler);
  return () => {
    for (const [event, handler] of entries) off(event, handler);
  };
}

/** Joins a conversation's channel (only on a live socket: every connect joins the active one again). */
export function subscribeConversation(socket: RealtimeSocket | null, conversationId: number) {
  if (socket?.connected) socket.emit(CLIENT_EVENTS.subscribe, { conversationId }, () => {});
}

export function unsubscribeConversation(socket: RealtimeSocket | null, conversationId: number) {
  if (socket?.connected) socket.emit(CLIENT_EVENTS.unsubscribe, { conversationId }, () => {});
}

/** Spec §4: pending messages older than 30 s go, checked every 60 s once the socket is connected. */
export function startPendingCleanup(store: ChatStore = chatStore, now: () => number = Date.now) {
  const timer = setInterval(
    () => store.update((state) => expirePending(state, now())),
    LIMITS.pendingMessageCleanupMs,
  );
  return () => clearInterval(timer);
}
