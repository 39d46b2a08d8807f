import { loginResult, resendResult, type UnlockRequest } from '@makan/contract/auth';
import { http } from '../../../lib/http.ts';

/** POST /api/auth/unlock/send: a sign-in code to the owner of a locked account (to the email or phone typed). */
export function sendUnlockCode(identifier: string) {
  return http.request('/auth/unlock/send', {
    method: 'POST',
    body: { identifier },
    schema: resendResult,
    toast: 'none',
  });
}

/** POST /api/auth/unlock: the code and the password sign the owner in while the lock holds for others. */
export function unlock(body: UnlockRequest) {
  return http.request('/auth/unlock', { method: 'POST', body, schema: loginResult, toast: 'none' });
}
