import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useConfirmedChange } from '../../../components/ui/use-confirmed-change.ts';
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
  const change = useConfirmedChange(useBlock(), (block: boolean) => ({ id: userId, block }));

  return (
    <>
      <Button
        variant={isBlocked ? 'secondary' : 'ghost'}
        size={size}
        aria-label={isBlocked ? t('blocks.unblockName', { name }) : t('blocks.blockName', { name })}
        loading={isBlocked && change.busy}
        onClick={() => (isBlocked ? change.run(false) : change.ask(true))}
        data-testid={testId}
        data-blocked={isBlocked}
      >
        {isBlocked ? t('blocks.unblock') : t('blocks.block')}
      </Button>
      <ConfirmDialog
        open={change.target !== null}
        onCancel={change.cancel}
        onConfirm={change.confirm}
        title={t('blocks.confirmTitle', { name })}
        description={t('blocks.confirmText', { name })}
        confirmLabel={change.busy ? t('blocks.working') : t('blocks.block')}
        busy={change.busy}
        testId="block-dialog"
        confirmTestId="block-confirm"
      />
    </>
  );
}
