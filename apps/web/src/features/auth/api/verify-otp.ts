import { type OtpType, verifyOtpResult } from '@makan/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface VerifyOtpBody {
  identifier: string;
  code: string;
  type: OtpType;
}

/** POST /api/auth/verify-otp: a registration code, or a reset code (answered with a reset token). */
export function verifyOtp(body: VerifyOtpBody) {
  return http.request('/auth/verify-otp', { method: 'POST', body, schema: verifyOtpResult, toast: 'none' });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
