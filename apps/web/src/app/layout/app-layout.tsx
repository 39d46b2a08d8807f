import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useNetworkState } from '../../lib/network.ts';
import { useInteractive } from '../../lib/shell.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { OfflineNotice, OfflineScreen } from './offline-screen.tsx';
import { useScrollToTop } from './use-scroll-to-top.ts';

/**
 * The frame of every screen: header, the page (behind an error boundary), footer. Opened without the
 * network, the offline screen stands in for the page (lib/network.ts).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const network = useNetworkState();
  useScrollToTop();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50"
      >
        {t('app.skipToContent')}
      </a>
      <AppHeader />
      {/* At least a screen tall: the footer starts below the first screen, so a page whose data
          turns out shorter than its skeleton does not pull the footer up into view (a layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="min-h-dvh flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:py-10"
      >
        {network === 'offline' && <OfflineNotice />}
        {network === 'opened-offline' ? (
          <>
            <OfflineScreen />
            <PageInteractive />
          </>
        ) : (
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
              <PageInteractive />
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
      <AppFooter />
    </div>
  );
}

/** Beside the page, in its Suspense boundary: runs once the page itself has hydrated (or rendered). */
function PageInteractive() {
  useInteractive();
  return null;
}
