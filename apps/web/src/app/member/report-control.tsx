import { lazy, Suspense } from 'react';
import type { ReportControlProps } from '../../lib/report-control.ts';

// Loaded when a signed-in page first shows a Report button, not with the first load of every page.
const ReportButton = lazy(() =>
  import('../../features/reports/components/report-button.tsx').then((m) => ({ default: m.ReportButton })),
);

/** The reports feature's button, as the signed-in pages hand it to posts and profiles. */
export function LazyReportButton(props: ReportControlProps) {
  return (
    <Suspense fallback={null}>
      <ReportButton {...props} />
    </Suspense>
  );
}
