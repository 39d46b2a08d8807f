import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LogoutIcon } from '../../../components/ui/icons.tsx';
import { useLogout } from '../api/logout.ts';

/** 'Log out', then a confirmation dialog; confirming logs out and goes to /login. */
export function LogoutButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  return (
    <>
      <Button variant="danger" data-testid="logout-button" onClick={() => setOpen(true)}>
        <LogoutIcon className="size-4" />
        {t('logout.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        role="alertdialog"
        title={t('logout.title')}
        description={t('logout.text')}
        initialFocus={cancelRef}
        testId="logout-dialog"
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            ref={cancelRef}
            variant="secondary"
            onClick={() => setOpen(false)}
            disabled={logout.isPending}
          >
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="logout-confirm"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {logout.isPending ? t('logout.working') : t('logout.confirm')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
