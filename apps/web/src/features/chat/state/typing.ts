import type { ChatState, TypingUser } from './chat-state.ts';

// Who is typing where; an indicator ends when stopped, when its time runs out, or with their message.

export function startTyping(
  state: ChatState,
  conversationId: number,
  user: { userId: number; name: string },
  expiresAt: number,
): ChatState {
  const others = (state.typing[conversationId] ?? []).filter((u) => u.userId !== user.userId);
  return { ...state, typing: { ...state.typing, [conversationId]: [...others, { ...user, expiresAt }] } };
}

export function stopTyping(state: ChatState, conversationId: number, userId: number): ChatState {
  const held = state.typing[conversationId];
  if (!held?.some((u) => u.userId === userId)) return state;
  return {
    ...state,
    typing: { ...state.typing, [conversationId]: held.filter((u) => u.userId !== userId) },
  };
}

/** Indicators whose time ran out go by themselves (a lost UserStoppedTyping must not leave one). */
export function pruneTyping(state: ChatState, now: number): ChatState {
  let changed = false;
  const typing: Record<number, TypingUser[]> = {};
  for (const [key, users] of Object.entries(state.typing)) {
    const kept = users.filter((u) => u.expiresAt > now);
    if (kept.length !== users.length) changed = true;
    typing[Number(key)] = kept;
  }
  return changed ? { ...state, typing } : state;
}
