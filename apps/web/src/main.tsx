import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type NavigateFunction, useNavigate } from 'react-router';
import { loadResources } from './app/i18n-resources.ts';
import { fetchMemberTexts } from './app/member/member-texts.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { showToast } from './components/ui/toast.tsx';
import { loginAfterExpiry } from './features/auth/flow.ts';
import { configureHttp, toastText } from './lib/http.ts';
import { applyLanguage, createI18n, getLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { clearSession, isSignedIn } from './lib/session.ts';
import { applyTheme, getTheme } from './lib/theme.ts';
import './styles.css';

// public/boot.js already did this before first paint; repeating it keeps both in step.
const language = getLanguage();
applyLanguage(language);
applyTheme(getTheme());
// A signed-in reader will need the signed-in pages' texts: fetched beside the rest, not after it.
if (isSignedIn()) void fetchMemberTexts(language);

// Navigation from outside React (the HTTP client's 401 handling), once the router has rendered.
let navigate: NavigateFunction | undefined;
function NavigatorBridge() {
  navigate = useNavigate();
  return null;
}

async function start() {
  const i18n = createI18n(await loadResources(language), language);
  const queryClient = createQueryClient();

  configureHttp({
    notify: (message) => showToast(toastText(i18n.t, message)),
    clearSession: () => clearSession('expired'),
    // The client has already cleared the session (spec §8: authentication errors lead to /login),
    // which then says why and keeps the page to come back to.
    onUnauthorized: () => {
      const next = loginAfterExpiry(window.location);
      if (next) void navigate?.(next.to, { replace: true, state: next.state });
    },
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  // The first render as a transition: React renders it in slices of a few milliseconds, yielding to
  // the browser between them, instead of one long task that blocks input (Lighthouse's TBT).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders i18n={i18n} queryClient={queryClient}>
          <BrowserRouter>
            <NavigatorBridge />
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
