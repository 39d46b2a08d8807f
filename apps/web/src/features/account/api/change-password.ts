import { type changePasswordRequest, sessionsEndedResult } from '@makan/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { currentUserKey } from '../../../lib/current-user.ts';
import { http } from '../../../lib/http.ts';

export type ChangePasswordBody = z.output<typeof changePasswordRequest>;

/**
 * POST /api/account/password: the current password asked again (or, without one, a code: the first
 * password); every other session is signed out.
 */
function changePassword(body: ChangePasswordBody) {
  return http.request('/account/password', {
    method: 'POST',
    body,
    toast: 'none',
    schema: sessionsEndedResult,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A first password changes `has_password`: the forms ask for it from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
