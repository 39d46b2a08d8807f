import { describe, expect, it, vi } from 'vitest';
import { conversationFixture } from '../../test/chat-fixtures.ts';
import { initialChatState } from './state/chat-state.ts';
import { setActive, upsertConversation } from './state/conversations.ts';
import { createChatStore } from './store.ts';

describe('the chat store', () => {
  it('tells its listeners only when an update changed something', () => {
    const store = createChatStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update((state) => setActive(state, null));
    expect(listener).not.toHaveBeenCalled();
    store.update((state) => upsertConversation(state, conversationFixture()));
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get().conversations.map((c) => c.id)).toEqual([10]);
    unsubscribe();
    store.update((state) => setActive(state, 10));
    expect(listener).toHaveBeenCalledOnce();
  });

  it('reset forgets everything (sign-out) and says so', () => {
    const store = createChatStore();
    store.update((state) => upsertConversation(state, conversationFixture()));
    const listener = vi.fn();
    store.subscribe(listener);
    store.reset();
    expect(store.get()).toBe(initialChatState);
    expect(listener).toHaveBeenCalledOnce();
  });
});
