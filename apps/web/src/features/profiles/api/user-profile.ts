import { LIMITS } from '@makan/contract/limits';
import { publicProfile } from '@makan/contract/profiles';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { userProfileKey } from './keys.ts';

const userProfileResult = z.object({ user: publicProfile, posts: z.array(z.unknown()) });
export type UserProfile = z.infer<typeof userProfileResult>;

/**
 * GET /api/profiles/{id}/full: another user's profile (hidden contact details come as null) and
 * their posts; 404 for an unknown id. The screen says what went wrong, so no toast here.
 */
export async function fetchUserProfile(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request(`/profiles/${id}/full`, {
    schema: userProfileResult,
    signal,
    toast: 'none',
  });
  return data;
}

/** Fresh for 5 minutes (spec §4); a view is counted by the server once per viewer per day. */
export function useUserProfile(id: number) {
  return useQuery({
    queryKey: userProfileKey(id),
    queryFn: ({ signal }) => fetchUserProfile(id, { signal }),
    staleTime: LIMITS.profileFreshMs,
  });
}
