import type { FullUser } from '@makan/contract/auth';
import { TEXT } from '@makan/contract/texts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast.tsx';
import { currentUserKey } from '../../../lib/current-user.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { afterSignInPath, startSession } from '../../../lib/session.ts';

export interface SignInResult {
  token: string;
  user: FullUser;
}

/**
 * After a login or a LinkedIn sign-in: keeps the token and the user (the login's answer is the
 * same full user GET /api/user returns, so it seeds that query instead of a second request), says
 * so, and goes to the safe `redirect` or by the onboarding rule.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    (result: SignInResult, message: string | undefined, redirect: string | null) => {
      // Whatever was cached belonged to no one, or to someone else.
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, result.user);
      startSession(result.token, result.user);
      showToast(translateMessage(t, message ?? TEXT.loginSuccess), 'success');
      navigate(afterSignInPath(redirect), { replace: true });
    },
    [queryClient, navigate, t],
  );
}
