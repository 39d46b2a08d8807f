import { deletionScheduled, type IdentityProof } from '@makan/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast.tsx';
import { http } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { clearSession } from '../../../lib/session.ts';
import { formatDate } from '../../../lib/time.ts';

/** POST /api/account/deletion: the password (or the code) asked again; every session ends. */
function deleteAccount(body: IdentityProof) {
  return http.request('/account/deletion', {
    method: 'POST',
    body,
    toast: 'none',
    schema: deletionScheduled,
  });
}

/**
 * Once the server scheduled the erasure (and ended every session), this device forgets its own and
 * goes to /login, saying on which date the account goes unless its owner logs in before.
 */
export function useDeleteAccount() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: ({ data }) => {
      const date = formatDate(data.deletion_due_at, language, { dateStyle: 'long' });
      showToast(t('account.deletionScheduledOn', { date }), 'success');
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
}
