import { type forgotPasswordRequest, resendResult } from '@makan/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';

export type ForgotPasswordBody = z.output<typeof forgotPasswordRequest>;

/** POST /api/auth/forgot-password: sends a reset code; 422 when no account has that identifier. */
export function forgotPassword(body: ForgotPasswordBody) {
  return http.request('/auth/forgot-password', {
    method: 'POST',
    body,
    schema: resendResult,
    toast: 'none',
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
