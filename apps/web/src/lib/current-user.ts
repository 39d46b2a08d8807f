import { type FullUser, fullUser } from '@makan/contract/auth';
import { LIMITS } from '@makan/contract/limits';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from './http.ts';
import { storeUser, useSignedIn } from './session.ts';

/**
 * GET /api/user lives here rather than in a feature: sign-in seeds it, onboarding and the profile
 * screens replace it with the full user their writes answer, and features never import each other.
 */

/** Every query about the signed-in user starts with this key; logout clears them all. */
export const currentUserKey = ['user', 'me'] as const;

/** GET /api/user: the full user of spec §3. A 401 clears the session (the HTTP client does it). */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/user', { schema: fullUser, signal, toast: 'none' });
  return data;
}

/**
 * The signed-in user, fresh for the profile's 5 minutes (spec §4); each answer also refreshes the
 * local copy in `user_data`, so the guards see new preferences.
 */
export function useCurrentUser() {
  const signedIn = useSignedIn();
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    enabled: signedIn,
    staleTime: LIMITS.profileFreshMs,
  });
  const user = query.data;
  useEffect(() => {
    if (user && signedIn) storeUser(user);
  }, [user, signedIn]);
  return query;
}

/**
 * A write answered with the full user (preferences, profile edits, pictures): it becomes the
 * /api/user answer and the local copy (name, avatar and preferences in `user_data`).
 */
export function applyCurrentUser(queryClient: QueryClient, user: FullUser): void {
  queryClient.setQueryData(currentUserKey, user);
  storeUser(user);
}
