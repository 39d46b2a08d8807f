import { LIMITS } from '@makan/contract/limits';
import { describe, expect, it } from 'vitest';
import { conversationFixture, messageFixture, omar, sara } from '../../test/chat-fixtures.ts';
import {
  addPending,
  applyRead,
  type ChatItem,
  type ChatState,
  expirePending,
  failPending,
  initialChatState,
  isRead,
  markReadLocally,
  mergeMessages,
  pruneTyping,
  receiveMessage,
  replaceMessage,
  setActive,
  setConversations,
  setMessages,
  setUnreadCounts,
  startTyping,
  stopTyping,
  totalUnread,
  upsertConversation,
} from './store.ts';

const me = { userId: sara.id, visible: true };

function pending(clientId: string, overrides: Partial<ChatItem> = {}): ChatItem {
  return {
    ...messageFixture({ id: -5, sender_id: sara.id, sender: sara, client_id: clientId, content: 'hello' }),
    outgoing: { status: 'pending', sentAt: 1000 },
    ...overrides,
  };
}

function withConversation(overrides = {}): ChatState {
  return setConversations(initialChatState, [conversationFixture(overrides)]);
}

describe('conversations', () => {
  it('replaces one with the same id in place, else puts the new one first', () => {
    let state = setConversations(initialChatState, [
      conversationFixture({ id: 1 }),
      conversationFixture({ id: 2 }),
    ]);
    state = upsertConversation(state, conversationFixture({ id: 2, unread_count: 3 }));
    expect(state.conversations.map((c) => c.id)).toEqual([1, 2]);
    expect(state.unread[2]).toBe(3);
    state = upsertConversation(state, conversationFixture({ id: 3 }));
    expect(state.conversations.map((c) => c.id)).toEqual([3, 1, 2]);
  });
});

describe('messages', () => {
  it('keeps real messages by id and pending ones at the end; the same id replaces', () => {
    const list = mergeMessages(
      [pending('a'), messageFixture({ id: 3 })],
      [messageFixture({ id: 1 }), messageFixture({ id: 3, content: 'edited' })],
    );
    expect(list.map((m) => m.id)).toEqual([1, 3, -5]);
    expect(list[1]?.content).toBe('edited');
  });

  it('the server message replaces the optimistic one with its client id, echo first or answer first', () => {
    let state = setMessages(withConversation(), 10, [], false);
    state = addPending(state, pending('c1'));
    const stored = messageFixture({
      id: 7,
      sender_id: sara.id,
      sender: sara,
      client_id: 'c1',
      content: 'hello',
    });
    // The MessageSent echo comes first…
    state = receiveMessage(state, stored, me);
    // …then the HTTP answer: still one message.
    state = receiveMessage(state, stored, me);
    expect(state.messages[10]?.map((m) => m.id)).toEqual([7]);
    expect(state.messages[10]?.[0]?.outgoing).toBeUndefined();
    expect(state.conversations[0]?.latest_message?.id).toBe(7);
    expect(state.unread[10]).toBe(0);
  });

  it('a failed message keeps its error', () => {
    let state = addPending(setMessages(withConversation(), 10, [], false), pending('c2'));
    state = failPending(state, 10, 'c2', new Error('offline'));
    expect(state.messages[10]?.[0]?.outgoing?.status).toBe('failed');
    expect(state.messages[10]?.[0]?.outgoing?.error).toBeInstanceOf(Error);
  });

  it('removes pending text messages older than 30 s, never failed ones or uploads', () => {
    let state = setMessages(withConversation(), 10, [], false);
    state = addPending(state, pending('old'));
    state = addPending(
      state,
      pending('upload', {
        id: -6,
        outgoing: { status: 'pending', sentAt: 1000, file: new File(['x'], 'a.txt') },
      }),
    );
    state = addPending(state, pending('failed', { id: -7, outgoing: { status: 'failed', sentAt: 1000 } }));
    state = addPending(state, pending('new', { id: -8, outgoing: { status: 'pending', sentAt: 20_000 } }));
    const expired = expirePending(state, 1000 + LIMITS.pendingMessageExpiryMs + 1);
    expect(expired.messages[10]?.map((m) => m.client_id)).toEqual(['upload', 'failed', 'new']);
    expect(expirePending(expired, 1000 + LIMITS.pendingMessageExpiryMs + 1)).toBe(expired);
  });

  it('a deleted message becomes a tombstone, in the list and in quotes of it', () => {
    let state = setMessages(
      withConversation(),
      10,
      [
        messageFixture({ id: 1 }),
        messageFixture({
          id: 2,
          reply_to_id: 1,
          reply_to: {
            id: 1,
            sender_id: omar.id,
            sender_name: omar.name,
            content: 'Is the office still available?',
            type: 'text',
            file_name: null,
            is_deleted: false,
          },
        }),
      ],
      false,
    );
    state = replaceMessage(state, messageFixture({ id: 1, content: null, is_deleted: true }));
    expect(state.messages[10]?.[0]?.is_deleted).toBe(true);
    expect(state.messages[10]?.[1]?.reply_to?.is_deleted).toBe(true);
  });
});

describe('unread', () => {
  it('a message in a conversation that is not open adds 1; in the open one it does not', () => {
    let state = withConversation();
    state = receiveMessage(state, messageFixture({ id: 1 }), me);
    expect(state.unread[10]).toBe(1);
    state = receiveMessage(state, messageFixture({ id: 1 }), me);
    expect(state.unread[10]).toBe(1);
    state = setActive(state, 10);
    state = receiveMessage(state, messageFixture({ id: 2 }), me);
    expect(state.unread[10]).toBe(1);
    // Open but the tab is hidden: not seen yet.
    state = receiveMessage(state, messageFixture({ id: 3 }), { ...me, visible: false });
    expect(state.unread[10]).toBe(2);
    expect(totalUnread(state)).toBe(2);
  });

  it('my own messages never count', () => {
    const state = receiveMessage(
      withConversation(),
      messageFixture({ id: 1, sender_id: sara.id, sender: sara }),
      me,
    );
    expect(state.unread[10]).toBe(0);
  });

  it('takes the server counts as they are', () => {
    let state = setConversations(initialChatState, [
      conversationFixture({ id: 1, unread_count: 4 }),
      conversationFixture({ id: 2 }),
    ]);
    state = setUnreadCounts(state, {
      unread_count: 2,
      total: 1,
      conversations: [{ conversation_id: 2, unread_count: 2 }],
    });
    expect(state.unread).toEqual({ 1: 0, 2: 2 });
    expect(totalUnread(state)).toBe(2);
  });

  it('my read marker clears what is up to it', () => {
    let state = setMessages(
      withConversation({ unread_count: 2 }),
      10,
      [messageFixture({ id: 1 }), messageFixture({ id: 2 })],
      false,
    );
    state = markReadLocally(state, 10, 1, sara.id);
    expect(state.unread[10]).toBe(1);
    state = applyRead(
      state,
      { conversationId: 10, lastReadMessageId: 2, messageIds: [2], userId: sara.id },
      sara.id,
    );
    expect(state.unread[10]).toBe(0);
    expect(state.conversations[0]?.last_read_message_id).toBe(2);
  });
});

describe('read ticks', () => {
  it('the other person reading turns my messages up to the marker to read', () => {
    const mine = (id: number) => messageFixture({ id, sender_id: sara.id, sender: sara });
    let state = setMessages(withConversation(), 10, [mine(1), mine(2), mine(3)], false);
    state = applyRead(
      state,
      { conversationId: 10, lastReadMessageId: 2, messageIds: [1, 2], userId: omar.id },
      sara.id,
    );
    const read = state.messages[10]?.map((m) => isRead(state, m));
    expect(read).toEqual([true, true, false]);
    expect(state.conversations[0]?.other_last_read_message_id).toBe(2);
  });
});

describe('typing', () => {
  it('shows who types until stopped or until the time runs out', () => {
    let state = startTyping(initialChatState, 10, { userId: 2, name: 'Omar' }, 5000);
    expect(state.typing[10]).toHaveLength(1);
    expect(pruneTyping(state, 4000)).toBe(state);
    expect(pruneTyping(state, 5001).typing[10]).toEqual([]);
    state = startTyping(state, 10, { userId: 2, name: 'Omar' }, 9000);
    expect(state.typing[10]).toHaveLength(1);
    expect(stopTyping(state, 10, 2).typing[10]).toEqual([]);
  });

  it('a message from the typer ends the indicator', () => {
    let state = startTyping(withConversation(), 10, { userId: omar.id, name: 'Omar' }, 5000);
    state = receiveMessage(state, messageFixture({ id: 4 }), me);
    expect(state.typing[10]).toEqual([]);
  });
});
