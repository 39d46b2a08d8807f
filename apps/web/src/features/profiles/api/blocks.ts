import { blockedUsersResult, blockResult } from '@makan/contract/blocks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const blockedUsersKey = ['blocks'] as const;

/** GET /api/blocks: the accounts the user blocked, latest first. */
export function useBlockedUsers() {
  return useQuery({
    queryKey: blockedUsersKey,
    queryFn: async ({ signal }) =>
      (await http.request('/blocks', { signal, schema: blockedUsersResult, toast: 'none' })).data,
  });
}

export interface BlockChange {
  id: number;
  /** True to block, false to unblock. */
  block: boolean;
}

/** POST (block) or DELETE (unblock) /api/users/{id}/block: both idempotent. */
function changeBlock({ id, block }: BlockChange) {
  return http.request(`/users/${id}/block`, {
    method: block ? 'POST' : 'DELETE',
    schema: blockResult,
    toast: 'none',
  });
}

/**
 * Blocks or unblocks. What the two see of each other changes in many places at once (feeds,
 * search, comments, the profile, the conversation, follow counts): every cached answer is read
 * again, which a rare action can afford.
 */
export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBlock,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
