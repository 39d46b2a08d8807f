import type { resetPasswordRequest } from '@makan/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';

export type ResetPasswordBody = z.output<typeof resetPasswordRequest>;

/** POST /api/auth/reset-password with the token a verified reset code gave; revokes every session. */
export function resetPassword(body: ResetPasswordBody) {
  return http.request('/auth/reset-password', { method: 'POST', body, toast: 'none' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
