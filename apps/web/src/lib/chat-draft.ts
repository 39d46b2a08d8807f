import { LIMITS } from '@makan/contract/limits';
import { z } from 'zod';

/**
 * A first message written for the user, carried in the history state from a page that starts a chat
 * (a post's Message button) to the conversation's composer. The user reads it, can change it, and
 * sends it or not: nothing is sent for them.
 */
const chatDraftState = z.object({ draft: z.string().min(1).max(LIMITS.chatMessageMax) });
export type ChatDraftState = z.infer<typeof chatDraftState>;

/** The draft a history state carries, or null. */
export function readChatDraft(state: unknown): string | null {
  const parsed = chatDraftState.safeParse(state);
  return parsed.success ? parsed.data.draft : null;
}

/** /chat/new?user=: opens (or starts) the private conversation with that user. */
export function chatWithUserPath(userId: number): string {
  return `/chat/new?${new URLSearchParams({ user: String(userId) })}`;
}
