import { http } from '../../../lib/http.ts';

export interface LinkedinCallbackBody {
  code: string;
  state: string;
}

/**
 * POST /api/auth/linkedin/callback: exchanges LinkedIn's code for a Makan session. Called as it is (no
 * mutation hook): the LinkedIn button sits on /login, which then loads no mutation code.
 */
export async function linkedinCallback(body: LinkedinCallbackBody) {
  // The answer's schema (and zod) loads with the exchange, not with /login (issue 17).
  const { loginResult } = await import('@makan/contract/auth');
  return http.request('/auth/linkedin/callback', {
    method: 'POST',
    body,
    schema: loginResult,
    toast: 'none',
  });
}
