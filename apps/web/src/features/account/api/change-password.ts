import { type changePasswordRequest, sessionsEndedResult } from '@makan/contract/account';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';

export type ChangePasswordBody = z.output<typeof changePasswordRequest>;

/** POST /api/account/password: the current password asked again; every other session is signed out. */
function changePassword(body: ChangePasswordBody) {
  return http.request('/account/password', {
    method: 'POST',
    body,
    toast: 'none',
    schema: sessionsEndedResult,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
