import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  /** Cancel, Escape: nothing is done. */
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The confirm button says the action itself ('Delete', 'Log out'), never 'OK'. */
  confirmLabel: ReactNode;
  /** The action is running: the confirm button shows a spinner and Cancel waits for it. */
  busy?: boolean;
  testId?: string;
  confirmTestId?: string;
}

/**
 * "Are you sure?" before an action that cannot be undone: an alert dialog whose Cancel holds the focus
 * (Enter on an unread dialog must not delete anything) and whose confirm button is the danger one.
 */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  busy = false,
  testId,
  confirmTestId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={title}
      description={description}
      initialFocus={cancelRef}
      testId={testId}
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" loading={busy} onClick={onConfirm} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
