import { LIMITS } from '@makan/contract/limits';
import type { ChatItem, ChatState, Outgoing } from './chat-state.ts';
import { sortMessages } from './messages.ts';

// Messages this device is sending (spec §4): shown at once, failed with a Retry, expired when stuck.

/** Adds an optimistic message at once, pending, at the end of its conversation. */
export function addPending(state: ChatState, item: ChatItem): ChatState {
  const conversationId = item.conversation_id;
  const held = state.messages[conversationId] ?? [];
  return { ...state, messages: { ...state.messages, [conversationId]: sortMessages([...held, item]) } };
}

function updateOutgoing(
  state: ChatState,
  conversationId: number,
  clientId: string,
  update: (outgoing: Outgoing) => Outgoing,
): ChatState {
  const held = state.messages[conversationId];
  if (!held?.some((m) => m.outgoing && m.client_id === clientId)) return state;
  return {
    ...state,
    messages: {
      ...state.messages,
      [conversationId]: held.map((m) =>
        m.outgoing && m.client_id === clientId ? { ...m, outgoing: update(m.outgoing) } : m,
      ),
    },
  };
}

/** Failed: it stays, with the error and a Retry. */
export function failPending(state: ChatState, conversationId: number, clientId: string, error: unknown) {
  return updateOutgoing(state, conversationId, clientId, (o) => ({ ...o, status: 'failed', error }));
}

export function setProgress(state: ChatState, conversationId: number, clientId: string, progress: number) {
  return updateOutgoing(state, conversationId, clientId, (o) => ({ ...o, progress }));
}

/**
 * Spec §4: pending messages older than 30 s are removed. Uploads are left to their own (longer)
 * timeout: a large photo on a slow line may well take more than 30 s and still arrive.
 */
export function expirePending(state: ChatState, now: number): ChatState {
  let changed = false;
  const messages: Record<number, ChatItem[]> = {};
  for (const [key, list] of Object.entries(state.messages)) {
    const kept = list.filter(
      (m) =>
        !(
          m.outgoing?.status === 'pending' &&
          !m.outgoing.file &&
          now - m.outgoing.sentAt > LIMITS.pendingMessageExpiryMs
        ),
    );
    if (kept.length !== list.length) changed = true;
    messages[Number(key)] = kept;
  }
  return changed ? { ...state, messages } : state;
}
