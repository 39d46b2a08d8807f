import { describe, expect, it } from 'vitest';
import {
  messageFixture,
  omar,
  pendingFixture,
  sara,
  saraViewing,
  stateWithConversation,
} from '../../../test/chat-fixtures.ts';
import { setActive } from './conversations.ts';
import { mergeMessages, receiveMessage, replaceMessage, setMessages } from './messages.ts';
import { addPending } from './outgoing.ts';
import { totalUnread } from './selectors.ts';

describe('messages', () => {
  it('keeps real messages by id and pending ones at the end; the same id replaces', () => {
    const list = mergeMessages(
      [pendingFixture('a'), messageFixture({ id: 3 })],
      [messageFixture({ id: 1 }), messageFixture({ id: 3, content: 'edited' })],
    );
    expect(list.map((m) => m.id)).toEqual([1, 3, -5]);
    expect(list[1]?.content).toBe('edited');
  });

  it('the server message replaces the optimistic one with its client id, echo first or answer first', () => {
    let state = setMessages(stateWithConversation(), 10, [], false);
    state = addPending(state, pendingFixture('c1'));
    const stored = messageFixture({
      id: 7,
      sender_id: sara.id,
      sender: sara,
      client_id: 'c1',
      content: 'hello',
    });
    // The MessageSent echo comes first…
    state = receiveMessage(state, stored, saraViewing);
    // …then the HTTP answer: still one message.
    state = receiveMessage(state, stored, saraViewing);
    expect(state.messages[10]?.map((m) => m.id)).toEqual([7]);
    expect(state.messages[10]?.[0]?.outgoing).toBeUndefined();
    expect(state.conversations[0]?.latest_message?.id).toBe(7);
    expect(state.unread[10]).toBe(0);
  });

  it('a deleted message becomes a tombstone, in the list and in quotes of it', () => {
    let state = setMessages(
      stateWithConversation(),
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

describe('unread on arrival', () => {
  it('a message in a conversation that is not open adds 1; in the open one it does not', () => {
    let state = stateWithConversation();
    state = receiveMessage(state, messageFixture({ id: 1 }), saraViewing);
    expect(state.unread[10]).toBe(1);
    state = receiveMessage(state, messageFixture({ id: 1 }), saraViewing);
    expect(state.unread[10]).toBe(1);
    state = setActive(state, 10);
    state = receiveMessage(state, messageFixture({ id: 2 }), saraViewing);
    expect(state.unread[10]).toBe(1);
    // Open but the tab is hidden: not seen yet.
    state = receiveMessage(state, messageFixture({ id: 3 }), { ...saraViewing, visible: false });
    expect(state.unread[10]).toBe(2);
    expect(totalUnread(state)).toBe(2);
  });

  it('my own messages never count', () => {
    const state = receiveMessage(
      stateWithConversation(),
      messageFixture({ id: 1, sender_id: sara.id, sender: sara }),
      saraViewing,
    );
    expect(state.unread[10]).toBe(0);
  });
});
