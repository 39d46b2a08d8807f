import { sessionsEndedResult } from '@makan/contract/account';
import { TEXT } from '@makan/contract/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast.tsx';
import { http } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { clearSession } from '../../../lib/session.ts';

/** POST /api/account/sign-out-everywhere: ends every session of the account, this one included. */
function signOutEverywhere() {
  return http.request('/account/sign-out-everywhere', {
    method: 'POST',
    toast: 'none',
    schema: sessionsEndedResult,
  });
}

/**
 * Once the server ended every session, this device forgets its own and goes to /login, saying so there
 * (the settings page that asked is gone by then).
 */
export function useSignOutEverywhere() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: ({ message }) => {
      showToast(translateMessage(t, message ?? TEXT.signedOutEverywhere), 'success');
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
}
