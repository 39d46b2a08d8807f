import { describe, expect, it } from 'vitest';
import { conversationFixture } from '../../../test/chat-fixtures.ts';
import { initialChatState } from './chat-state.ts';
import { setConversations, upsertConversation } from './conversations.ts';

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
