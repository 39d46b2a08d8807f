import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { type NavigateFunction, type NavigateOptions, useNavigate } from 'react-router';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

let navigate: NavigateFunction | undefined;

/** Navigation from outside React (the HTTP client's 401 handling), once the router has rendered. */
export function navigateOutside(to: string, options?: NavigateOptions): void {
  void navigate?.(to, options);
}

function NavigatorBridge() {
  navigate = useNavigate();
  return null;
}

interface AppProps {
  i18n: I18n;
  queryClient: QueryClient;
  /** BrowserRouter in the browser; a StaticRouter at the page's path when prerendering. */
  Router: ComponentType<{ children: ReactNode }>;
}

/**
 * The whole app. The browser (main.tsx) and the build's prerender (prerender.tsx) render this same tree,
 * so the prerendered HTML is what the browser's first render produces, and React hydrates it.
 */
export function App({ i18n, queryClient, Router }: AppProps) {
  return (
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <Router>
          <NavigatorBridge />
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
