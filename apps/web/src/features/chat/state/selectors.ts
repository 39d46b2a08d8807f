import type { ChatItem, ChatState, TypingUser } from './chat-state.ts';

// What the screens read of the state; a selector given to `useChat` returns something stable.

export function totalUnread(state: ChatState): number {
  let total = 0;
  for (const count of Object.values(state.unread)) total += count;
  return total;
}

/** Spec: my messages with an id up to the other person's read marker show as read. */
export function isRead(state: ChatState, message: ChatItem): boolean {
  if (message.outgoing) return false;
  if (message.status === 'read') return true;
  const conversation = state.conversations.find((c) => c.id === message.conversation_id);
  return (conversation?.other_last_read_message_id ?? 0) >= message.id;
}

const EMPTY: ChatItem[] = [];
const NO_TYPING: TypingUser[] = [];

export const selectMessages = (id: number) => (state: ChatState) => state.messages[id] ?? EMPTY;
export const selectTyping = (id: number) => (state: ChatState) => state.typing[id] ?? NO_TYPING;

/** A conversation partner's presence, once fetched or pushed (undefined until then). */
export const selectPresence = (userId: number) => (state: ChatState) => state.presence[userId];
