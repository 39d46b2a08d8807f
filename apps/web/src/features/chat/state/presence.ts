import type { Presence } from '@makan/contract/chat';
import type { ChatState } from './chat-state.ts';

// Who of the conversation partners is online, or when they were last seen: from
// `GET /api/chat/presence` and the `PresenceChanged` events.

export function setPresence(state: ChatState, list: readonly Presence[]): ChatState {
  if (list.length === 0) return state;
  const same = list.every((p) => {
    const held = state.presence[p.user_id];
    return held?.online === p.online && held.last_seen_at === p.last_seen_at;
  });
  if (same) return state;
  const presence = { ...state.presence };
  for (const p of list) presence[p.user_id] = p;
  return { ...state, presence };
}
