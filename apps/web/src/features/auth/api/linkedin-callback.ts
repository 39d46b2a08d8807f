import { loginResult } from '@makan/contract/auth';
import { http } from '../../../lib/http.ts';

export interface LinkedinCallbackBody {
  code: string;
  state: string;
}

/**
 * POST /api/auth/linkedin/callback: exchanges LinkedIn's code for a Makan session. Called as it is (no
 * mutation hook): the LinkedIn button sits on /login, which then loads no mutation code.
 */
export function linkedinCallback(body: LinkedinCallbackBody) {
  return http.request('/auth/linkedin/callback', {
    method: 'POST',
    body,
    schema: loginResult,
    toast: 'none',
  });
}
