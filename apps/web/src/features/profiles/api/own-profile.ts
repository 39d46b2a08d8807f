import { type FullUser, fullUser } from '@makan/contract/auth';
import { LIMITS } from '@makan/contract/limits';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { applyCurrentUser, currentUserKey } from '../../../lib/current-user.ts';
import { http } from '../../../lib/http.ts';
import { ownProfileKey } from './keys.ts';

const ownProfileResult = z.object({ user: fullUser, posts: z.array(z.unknown()) });
export type OwnProfile = z.infer<typeof ownProfileResult>;

/** GET /api/profile/full: the signed-in user (contact details included) and their posts. */
export async function fetchOwnProfile({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/profile/full', { schema: ownProfileResult, signal, toast: 'none' });
  return data;
}

/** Fresh for 5 minutes (spec §4, §9). */
export function useOwnProfile() {
  return useQuery({ queryKey: ownProfileKey, queryFn: fetchOwnProfile, staleTime: LIMITS.profileFreshMs });
}

/** A write's answer replaces the profile (spec §4), and /api/user and the local copy with it. */
export function applyOwnUser(queryClient: QueryClient, user: FullUser): void {
  queryClient.setQueryData<OwnProfile>(ownProfileKey, (old) => ({ user, posts: old?.posts ?? [] }));
  applyCurrentUser(queryClient, user);
}

export interface OwnUserSnapshot {
  profile: OwnProfile | undefined;
  user: FullUser | undefined;
}

/**
 * An optimistic edit: stops reads in flight (they would overwrite it), keeps what was there for a
 * rollback, and shows the edited user at once.
 */
export async function patchOwnUser(
  queryClient: QueryClient,
  patch: (user: FullUser) => FullUser,
): Promise<OwnUserSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: ownProfileKey, exact: true }),
    queryClient.cancelQueries({ queryKey: currentUserKey, exact: true }),
  ]);
  const snapshot: OwnUserSnapshot = {
    profile: queryClient.getQueryData<OwnProfile>(ownProfileKey),
    user: queryClient.getQueryData<FullUser>(currentUserKey),
  };
  if (snapshot.profile) {
    queryClient.setQueryData<OwnProfile>(ownProfileKey, {
      ...snapshot.profile,
      user: patch(snapshot.profile.user),
    });
  }
  if (snapshot.user) queryClient.setQueryData<FullUser>(currentUserKey, patch(snapshot.user));
  return snapshot;
}

/** Puts back what an optimistic edit replaced. */
export function restoreOwnUser(queryClient: QueryClient, snapshot: OwnUserSnapshot | undefined): void {
  if (!snapshot) return;
  if (snapshot.profile) queryClient.setQueryData(ownProfileKey, snapshot.profile);
  if (snapshot.user) queryClient.setQueryData(currentUserKey, snapshot.user);
}
