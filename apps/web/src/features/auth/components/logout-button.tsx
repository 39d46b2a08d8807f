import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LogoutIcon } from '../../../components/ui/icons/logout.tsx';
import { useLogout } from '../api/logout.ts';

/** 'Log out', then a confirmation dialog; confirming logs out and goes to /login. */
export function LogoutButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  return (
    <>
      <Button variant="danger" data-testid="logout-button" onClick={() => setOpen(true)}>
        <LogoutIcon className="size-4" />
        {t('logout.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => logout.mutate()}
        title={t('logout.title')}
        description={t('logout.text')}
        confirmLabel={logout.isPending ? t('logout.working') : t('logout.confirm')}
        busy={logout.isPending}
        testId="logout-dialog"
        confirmTestId="logout-confirm"
      />
    </>
  );
}
