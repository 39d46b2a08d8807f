import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadResources } from './app/i18n-resources.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { showToast } from './components/ui/toast.tsx';
import { configureHttp, toastText } from './lib/http.ts';
import { applyLanguage, createI18n, getLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { applyTheme, getTheme } from './lib/theme.ts';
import './styles.css';

// public/boot.js already did this before first paint; repeating it keeps both in step.
const language = getLanguage();
applyLanguage(language);
applyTheme(getTheme());

async function start() {
  const i18n = createI18n(await loadResources(language), language);
  const queryClient = createQueryClient();
  const router = createAppRouter();

  configureHttp({
    notify: (message) => showToast(toastText(i18n.t, message)),
    // The client has already cleared the session (spec §8: authentication errors lead to /login).
    onUnauthorized: () => {
      if (router.state.location.pathname !== '/login') void router.navigate('/login');
    },
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  createRoot(root).render(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
