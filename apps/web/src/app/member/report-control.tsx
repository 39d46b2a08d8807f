import { lazy, Suspense } from 'react';
import { ReportButton } from '../../features/reports/components/report-button.tsx';
import type { ReportControls, ReportDialogProps } from '../../lib/report-control.ts';

// The button is drawn with the page (a button arriving later would move what is around it: a post
// card's header shifted by its Report icon); the dialog loads on first use.
const ReportDialog = lazy(() =>
  import('../../features/reports/components/report-dialog.tsx').then((m) => ({ default: m.ReportDialog })),
);

/** The reports feature's button and dialog, as the signed-in pages hand them to other features. */
export const lazyReportControls: ReportControls = {
  Button: ReportButton,
  Dialog: (props: ReportDialogProps) => (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  ),
};
