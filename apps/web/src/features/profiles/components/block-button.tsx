import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useOutcomeToasts } from '../../../components/ui/toast.tsx';
import { useBlock } from '../api/blocks.ts';

interface BlockButtonProps {
  userId: number;
  name: string;
  isBlocked: boolean;
  size?: ButtonSize;
  testId?: string;
}

/**
 * Block (after saying what it does, in a dialog) or Unblock (at once). The blocked account is not
 * told; the toast is the server's own words.
 */
export function BlockButton({
  userId,
  name,
  isBlocked,
  size = 'md',
  testId = 'block-button',
}: BlockButtonProps) {
  const { t } = useTranslation();
  const change = useBlock();
  const outcome = useOutcomeToasts();
  const [confirming, setConfirming] = useState(false);

  const run = (block: boolean) =>
    change.mutate(
      { id: userId, block },
      { onSuccess: outcome.succeeded, onError: outcome.failed, onSettled: () => setConfirming(false) },
    );

  return (
    <>
      <Button
        variant={isBlocked ? 'secondary' : 'ghost'}
        size={size}
        aria-label={isBlocked ? t('blocks.unblockName', { name }) : t('blocks.blockName', { name })}
        loading={isBlocked && change.isPending}
        onClick={() => (isBlocked ? run(false) : setConfirming(true))}
        data-testid={testId}
        data-blocked={isBlocked}
      >
        {isBlocked ? t('blocks.unblock') : t('blocks.block')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => run(true)}
        title={t('blocks.confirmTitle', { name })}
        description={t('blocks.confirmText', { name })}
        confirmLabel={change.isPending ? t('blocks.working') : t('blocks.block')}
        busy={change.isPending}
        testId="block-dialog"
        confirmTestId="block-confirm"
      />
    </>
  );
}
