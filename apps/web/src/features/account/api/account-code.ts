import { type AccountCodeAction, accountCodeResult } from '@makan/contract/account';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/**
 * POST /api/account/code: for an account without a password (LinkedIn only), a code to its email,
 * asked instead of the password before `action`.
 */
function sendAccountCode(action: AccountCodeAction) {
  return http.request('/account/code', {
    method: 'POST',
    body: { action },
    toast: 'none',
    schema: accountCodeResult,
  });
}

export function useAccountCode() {
  return useMutation({ mutationFn: sendAccountCode });
}
