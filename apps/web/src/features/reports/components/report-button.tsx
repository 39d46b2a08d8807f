import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FlagIcon } from '../../../components/ui/icons/flag.tsx';
import type { ReportControlProps } from '../../../lib/report-control.ts';
import { ReportDialog } from './report-dialog.tsx';

/** Report: opens the dialog (mounted only while open, so each opening starts empty). */
export function ReportButton({ subject, compact = false }: ReportControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t(`reports.open.${subject.type}`, { name: subject.name });
  return (
    <>
      <Button
        variant="ghost"
        size={compact ? 'icon' : 'md'}
        aria-label={label}
        title={compact ? label : undefined}
        onClick={() => setOpen(true)}
        data-testid={`report-${subject.type}`}
      >
        <FlagIcon className={compact ? 'size-5' : 'size-4'} />
        {!compact && t('reports.report')}
      </Button>
      {open && <ReportDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}
