import type { FullUser } from '@makan/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { setNewerData } from './newer-data.ts';
import { storeUser } from './session.ts';

/**
 * The signed-in user's cache entry (the full user of GET /api/user) lives here rather than in a feature:
 * sign-in seeds it, onboarding and the profile screens replace it with the full user their writes answer,
 * and features never import each other. Every query about the signed-in user starts with this key;
 * logout clears them all.
 */
export const currentUserKey = ['user', 'me'] as const;

/**
 * A write answered with the full user (preferences, profile edits, pictures): it becomes the
 * /api/user answer and the local copy (name, avatar and preferences in `user_data`).
 */
export function applyCurrentUser(queryClient: QueryClient, user: FullUser): void {
  setNewerData(queryClient, currentUserKey, user);
  storeUser(user);
}
