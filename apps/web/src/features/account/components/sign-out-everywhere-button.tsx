import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { useSignOutEverywhere } from '../api/sign-out-everywhere.ts';

/** 'Sign out everywhere', confirmed in a dialog: every session ends, this one too, then /login. */
export function SignOutEverywhereButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const confirm = () =>
    signOut.mutate(undefined, {
      onError: (error) => {
        setOpen(false);
        showToast(apiErrorText(t, error));
      },
    });
  return (
    <>
      <Button variant="danger" data-testid="sign-out-everywhere" onClick={() => setOpen(true)}>
        {t('account.everywhereButton')}
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
        title={t('account.everywhereConfirmTitle')}
        description={t('account.everywhereConfirmText')}
        confirmLabel={signOut.isPending ? t('account.everywhereWorking') : t('account.everywhereButton')}
        busy={signOut.isPending}
        testId="sign-out-everywhere-dialog"
        confirmTestId="sign-out-everywhere-confirm"
      />
    </>
  );
}
