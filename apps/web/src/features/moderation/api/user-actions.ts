import { actionResult, type SuspendRequest } from '@makan/contract/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { moderationKey } from './queue.ts';

export type UserAction =
  | { action: 'warn' | 'restore'; userId: number; body: { reason: string } }
  | { action: 'suspend'; userId: number; body: SuspendRequest };

/** POST /api/admin/users/{id}/warn, …/suspend (their sessions end at once) or …/restore. */
function runUserAction({ action, userId, body }: UserAction) {
  return http.request(`/admin/users/${userId}/${action}`, {
    method: 'POST',
    body,
    schema: actionResult,
    toast: 'none',
  });
}

/** Acts on an author: the case shows their state afresh, the queue and the log too. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}
