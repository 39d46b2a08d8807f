import { type OtpType, resendResult } from '@makan/contract/auth';
import { http } from '../../../lib/http.ts';

export interface ResendBody {
  identifier: string;
  type: OtpType;
}

/** POST /api/auth/resend-verification: a new code, at most once a minute (429 with Retry-After). */
export function resendVerification(body: ResendBody) {
  return http.request('/auth/resend-verification', {
    method: 'POST',
    body,
    schema: resendResult,
    toast: 'none',
  });
}
