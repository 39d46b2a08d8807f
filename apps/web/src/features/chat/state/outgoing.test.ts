import { LIMITS } from '@makan/contract/limits';
import { describe, expect, it } from 'vitest';
import { pendingFixture, stateWithConversation } from '../../../test/chat-fixtures.ts';
import { setMessages } from './messages.ts';
import { addPending, expirePending, failPending } from './outgoing.ts';

describe('outgoing', () => {
  it('a failed message keeps its error', () => {
    let state = addPending(setMessages(stateWithConversation(), 10, [], false), pendingFixture('c2'));
    state = failPending(state, 10, 'c2', new Error('offline'));
    expect(state.messages[10]?.[0]?.outgoing?.status).toBe('failed');
    expect(state.messages[10]?.[0]?.outgoing?.error).toBeInstanceOf(Error);
  });

  it('removes pending text messages older than 30 s, never failed ones or uploads', () => {
    let state = setMessages(stateWithConversation(), 10, [], false);
    state = addPending(state, pendingFixture('old'));
    state = addPending(
      state,
      pendingFixture('upload', {
        id: -6,
        outgoing: { status: 'pending', sentAt: 1000, file: new File(['x'], 'a.txt') },
      }),
    );
    state = addPending(
      state,
      pendingFixture('failed', { id: -7, outgoing: { status: 'failed', sentAt: 1000 } }),
    );
    state = addPending(
      state,
      pendingFixture('new', { id: -8, outgoing: { status: 'pending', sentAt: 20_000 } }),
    );
    const expired = expirePending(state, 1000 + LIMITS.pendingMessageExpiryMs + 1);
    expect(expired.messages[10]?.map((m) => m.client_id)).toEqual(['upload', 'failed', 'new']);
    expect(expirePending(expired, 1000 + LIMITS.pendingMessageExpiryMs + 1)).toBe(expired);
  });
});
