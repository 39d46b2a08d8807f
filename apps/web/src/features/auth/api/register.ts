import { type registerRequest, registerResult } from '@makan/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';

export type RegisterBody = z.output<typeof registerRequest>;

/** POST /api/auth/register. The form shows every failure itself, so the client shows no toast. */
export function register(body: RegisterBody) {
  return http.request('/auth/register', { method: 'POST', body, schema: registerResult, toast: 'none' });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
