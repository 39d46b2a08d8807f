import { loginResult } from '@makan/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface LinkedinCallbackBody {
  code: string;
  state: string;
}

/** POST /api/auth/linkedin/callback: exchanges LinkedIn's code for a Makan session. */
export function linkedinCallback(body: LinkedinCallbackBody) {
  return http.request('/auth/linkedin/callback', {
    method: 'POST',
    body,
    schema: loginResult,
    toast: 'none',
  });
}

export function useLinkedinCallback() {
  return useMutation({ mutationFn: linkedinCallback });
}
