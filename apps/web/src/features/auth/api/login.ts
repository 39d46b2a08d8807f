import { type LoginRequest, loginResult } from '@makan/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/**
 * POST /api/auth/login. Besides 200 it may answer 403 with the verification the account still
 * needs (`ApiError.data`), 422 with field errors, or 429 while the identifier is locked out.
 */
export function login(body: LoginRequest) {
  return http.request('/auth/login', { method: 'POST', body, schema: loginResult, toast: 'none' });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
