import { describe, expect, it } from 'vitest';
import {
  conversationFixture,
  messageFixture,
  omar,
  sara,
  stateWithConversation,
} from '../../../test/chat-fixtures.ts';
import { initialChatState } from './chat-state.ts';
import { setConversations } from './conversations.ts';
import { setMessages } from './messages.ts';
import { applyRead, markReadLocally, setUnreadCounts } from './read.ts';
import { isRead, totalUnread } from './selectors.ts';

describe('unread', () => {
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
      stateWithConversation({ unread_count: 2 }),
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
    let state = setMessages(stateWithConversation(), 10, [mine(1), mine(2), mine(3)], false);
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
