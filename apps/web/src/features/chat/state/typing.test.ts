import { describe, expect, it } from 'vitest';
import { messageFixture, omar, saraViewing, stateWithConversation } from '../../../test/chat-fixtures.ts';
import { initialChatState } from './chat-state.ts';
import { receiveMessage } from './messages.ts';
import { pruneTyping, startTyping, stopTyping } from './typing.ts';

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
    let state = startTyping(stateWithConversation(), 10, { userId: omar.id, name: 'Omar' }, 5000);
    state = receiveMessage(state, messageFixture({ id: 4 }), saraViewing);
    expect(state.typing[10]).toEqual([]);
  });
});
