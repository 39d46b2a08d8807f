import { LIMITS } from '@makan/contract/limits';

/**
 * A first message written for the user, carried in the history state from a page that starts a chat
 * (a post's Message button) to the conversation's composer. The user reads it, can change it, and
 * sends it or not: nothing is sent for them.
 */
export type ChatDraftState = { draft: string };

/** The draft a history state carries (a message's text: 1 to chatMessageMax characters), or null. */
export function readChatDraft(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { draft } = state as { draft?: unknown };
  return typeof draft === 'string' && draft.length >= 1 && draft.length <= LIMITS.chatMessageMax
    ? draft
    : null;
}

/** /chat/new?user=: opens (or starts) the private conversation with that user. */
export function chatWithUserPath(userId: number): string {
  return `/chat/new?${new URLSearchParams({ user: String(userId) })}`;
}
