import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FlagIcon } from '../../../components/ui/icons/flag.tsx';
import type { ReportButtonProps } from '../../../lib/report-control.ts';
import { ReportDialog } from './report-dialog.tsx';

/** Report: opens the dialog (mounted only while open, so each opening starts empty). */
export function ReportButton({ subject, appearance = 'button' }: ReportButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t(`reports.open.${subject.type}`, { name: subject.name });
  const testId = `report-${subject.type}`;
  return (
    <>
      {appearance === 'link' ? (
        <button
          type="button"
          className="hover:underline"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-testid={testId}
        >
          {t('reports.report')}
        </button>
      ) : (
        <Button
          variant="ghost"
          size={appearance === 'icon' ? 'icon' : 'md'}
          aria-label={label}
          title={appearance === 'icon' ? label : undefined}
          onClick={() => setOpen(true)}
          data-testid={testId}
        >
          <FlagIcon className={appearance === 'icon' ? 'size-5' : 'size-4'} />
          {appearance === 'button' && t('reports.report')}
        </Button>
      )}
      {open && <ReportDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}
