import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FlagIcon } from '../../../components/ui/icons/flag.tsx';
import type { ReportButtonProps } from '../../../lib/report-control.ts';

// The dialog (its form and the contract's rules) loads when first opened; the button itself is drawn
// with the page, so nothing moves when it arrives.
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })));

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
      {open && (
        <Suspense fallback={null}>
          <ReportDialog subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
