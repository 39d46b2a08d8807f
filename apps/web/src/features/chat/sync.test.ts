import { describe, expect, it, vi } from 'vitest';
import { ok, routeFetch } from '../../test/auth-fixtures.ts';
import { conversationFixture, messageFixture, pagination, sara } from '../../test/chat-fixtures.ts';
import { mockFetch, signIn } from '../../test/render.tsx';
import { initialChatState } from './state/chat-state.ts';
import { setConversations } from './state/conversations.ts';
import { setMessages } from './state/messages.ts';
import { totalUnread } from './state/selectors.ts';
import { createChatStore } from './store.ts';
import { attachSocket, catchUp, markConversationRead } from './sync.ts';

const fetchMock = mockFetch();

function heldStore() {
  const store = createChatStore();
  store.update(() =>
    setMessages(
      setConversations(initialChatState, [conversationFixture({ id: 10 }), conversationFixture({ id: 11 })]),
      10,
      [messageFixture({ id: 1 }), messageFixture({ id: 2 })],
      false,
    ),
  );
  return store;
}

const deps = (store: ReturnType<typeof createChatStore>) => ({
  store,
  myId: () => sara.id,
  visible: () => true,
});

describe('catch-up after a (re)connect', () => {
  it('asks for everything after the newest message held, page after page, then the list and the counts', async () => {
    const store = heldStore();
    const afters: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/chat/conversations/10/messages': (_body, _init, url) => {
        const after = url.searchParams.get('after') ?? '';
        afters.push(after);
        if (after === '2') {
          return ok({
            messages: [messageFixture({ id: 3 }), messageFixture({ id: 4 })],
            pagination: pagination({ has_more: true }),
          });
        }
        return ok({ messages: [messageFixture({ id: 5 })], pagination: pagination({ has_more: false }) });
      },
      'GET /api/chat/conversations': () =>
        ok({
          conversations: [
            conversationFixture({ id: 10, latest_message: messageFixture({ id: 5 }), unread_count: 3 }),
            conversationFixture({ id: 11 }),
          ],
          pagination: pagination({ per_page: 20, total: 2 }),
        }),
      'GET /api/chat/unread-count': () =>
        ok({ unread_count: 3, total: 1, conversations: [{ conversation_id: 10, unread_count: 3 }] }),
    });
    await catchUp(deps(store));
    expect(afters).toEqual(['2', '4']);
    // Conversation 11 had no messages held: nothing asked for it.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/11/messages'))).toBe(false);
    expect(store.get().messages[10]?.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(store.get().conversations[0]?.latest_message?.id).toBe(5);
    expect(totalUnread(store.get())).toBe(3);
  });

  it('merges without doubles when a live event already brought some of the same messages', async () => {
    const store = heldStore();
    routeFetch(fetchMock, {
      'GET /api/chat/conversations/10/messages': () =>
        ok({ messages: [messageFixture({ id: 2 }), messageFixture({ id: 3 })], pagination: pagination() }),
      'GET /api/chat/conversations': () => ok({ conversations: [], pagination: pagination({ total: 0 }) }),
      'GET /api/chat/unread-count': () => ok({ unread_count: 0, total: 0, conversations: [] }),
    });
    await catchUp(deps(store));
    expect(store.get().messages[10]?.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('marks the open conversation read when it caught up on messages from the other person', async () => {
    const store = heldStore();
    store.update((state) => ({ ...state, activeId: 10 }));
    const calls = routeFetch(fetchMock, {
      'GET /api/chat/conversations/10/messages': () =>
        ok({ messages: [messageFixture({ id: 3 })], pagination: pagination() }),
      'GET /api/chat/conversations': () =>
        ok({ conversations: [conversationFixture({ id: 10, unread_count: 3 })], pagination: pagination() }),
      'GET /api/chat/unread-count': () =>
        ok({ unread_count: 3, total: 1, conversations: [{ conversation_id: 10, unread_count: 3 }] }),
      'POST /api/chat/conversations/10/read': () =>
        ok({ conversation_id: 10, last_read_message_id: 3, message_ids: [1, 2, 3], unread_count: 0 }),
    });
    await catchUp(deps(store));
    expect(calls.map((c) => c.route)).toContain('POST /api/chat/conversations/10/read');
    expect(totalUnread(store.get())).toBe(0);
  });
});

describe('mark read', () => {
  it('asks nothing when everything is read already', async () => {
    signIn();
    const store = heldStore();
    store.update((state) => ({
      ...state,
      conversations: state.conversations.map((c) => ({ ...c, last_read_message_id: 2 })),
    }));
    await markConversationRead(10, deps(store));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

type Handler = (payload: unknown) => void;

function fakeSocket() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
    emit: () => {},
  };
}

describe('socket events', () => {
  it('typing shows and goes by itself when the stop is lost', () => {
    const store = heldStore();
    const socket = fakeSocket();
    let now = 1000;
    const timers: Array<() => void> = [];
    attachSocket(socket as never, {
      ...deps(store),
      now: () => now,
      setTimer: (run) => timers.push(run),
    });
    socket.handlers.get('UserTyping')?.({ conversationId: 10, userId: 2, name: 'Omar', expiresInMs: 5000 });
    expect(store.get().typing[10]).toHaveLength(1);
    now = 6100;
    for (const run of timers) run();
    expect(store.get().typing[10]).toEqual([]);
  });

  it('MessageSent adds the message once and counts it unread when the conversation is not open', () => {
    const store = heldStore();
    const socket = fakeSocket();
    const detach = attachSocket(socket as never, deps(store));
    const sent = socket.handlers.get('MessageSent');
    sent?.({ message: messageFixture({ id: 3 }), previousMessageId: 2 });
    sent?.({ message: messageFixture({ id: 3 }), previousMessageId: 2 });
    expect(store.get().messages[10]?.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(store.get().unread[10]).toBe(1);
    detach();
    expect(socket.handlers.size).toBe(0);
  });

  it('fetches what it missed when an event overtook the one before it', async () => {
    const store = heldStore();
    const afters: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/chat/conversations/10/messages': (_body, _init, url) => {
        afters.push(url.searchParams.get('after') ?? '');
        return ok({
          messages: [messageFixture({ id: 3 }), messageFixture({ id: 4 })],
          pagination: pagination({ has_more: false }),
        });
      },
    });
    const socket = fakeSocket();
    attachSocket(socket as never, deps(store));
    // Message 4 arrives, but 3 (its previous) never did: the gap is filled from the server.
    socket.handlers.get('MessageSent')?.({ message: messageFixture({ id: 4 }), previousMessageId: 3 });
    await vi.waitFor(() => expect(store.get().messages[10]?.map((m) => m.id)).toEqual([1, 2, 3, 4]));
    expect(afters).toEqual(['2']);
    // In order: nothing to fetch.
    socket.handlers.get('MessageSent')?.({ message: messageFixture({ id: 5 }), previousMessageId: 4 });
    expect(afters).toEqual(['2']);
  });
});
