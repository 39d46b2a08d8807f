import { lazy, Suspense } from 'react';
import type { ReportButtonProps, ReportControls, ReportDialogProps } from '../../lib/report-control.ts';

// Loaded when a signed-in page first shows a Report button, not with the first load of every page.
const ReportButton = lazy(() =>
  import('../../features/reports/components/report-button.tsx').then((m) => ({ default: m.ReportButton })),
);
const ReportDialog = lazy(() =>
  import('../../features/reports/components/report-dialog.tsx').then((m) => ({ default: m.ReportDialog })),
);

/** The reports feature's button and dialog, as the signed-in pages hand them to other features. */
export const lazyReportControls: ReportControls = {
  Button: (props: ReportButtonProps) => (
    <Suspense fallback={null}>
      <ReportButton {...props} />
    </Suspense>
  ),
  Dialog: (props: ReportDialogProps) => (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  ),
};
