import type { LoginRequest } from '@makan/contract/auth';
import { http } from '../../../lib/http.ts';

/**
 * POST /api/auth/login. Besides 200 it may answer 403 with the verification the account still
 * needs (`ApiError.data`), 422 with field errors, or 429 while the identifier is locked out. The login
 * form calls it as it is: a mutation hook would add nothing it uses and a chunk to /login.
 */
export async function login(body: LoginRequest) {
  // The answer's schema (and zod) loads with the first sign-in, not with /login (issue 17).
  const { loginResult } = await import('@makan/contract/auth');
  return http.request('/auth/login', { method: 'POST', body, schema: loginResult, toast: 'none' });
}
