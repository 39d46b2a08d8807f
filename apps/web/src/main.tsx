import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, navigateOutside } from './app/app.tsx';
import { loadResources } from './app/i18n-resources.ts';
import { fetchMemberTexts } from './app/member/member-texts.ts';
import { showToast } from './components/ui/toast.tsx';
import { loginAfterExpiry } from './features/auth/flow.ts';
import { configureHttp, toastText } from './lib/http.ts';
import { applyLanguage, createI18n, getLanguage } from './lib/i18n.ts';
import { readStartingNetwork } from './lib/network.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startServiceWorker } from './lib/service-worker.ts';
import { clearSession, isSignedIn } from './lib/session.ts';
import { readShell, setShell } from './lib/shell.ts';
import { applyTheme, getTheme } from './lib/theme.ts';
import './styles.css';

// public/boot.js already did this before first paint; repeating it keeps both in step.
const language = getLanguage();
applyLanguage(language);
applyTheme(getTheme());
// A signed-in reader will need the signed-in pages' texts: fetched beside the rest, not after it.
if (isSignedIn()) void fetchMemberTexts(language);
// Opened offline (the service worker's cached shell, or no network at all): the offline screen.
readStartingNetwork();
// Once the page is idle: the worker that keeps the app for offline use and shows push notifications.
startServiceWorker((path) => navigateOutside(path));

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
      if (next) navigateOutside(next.to, { replace: true, state: next.state });
    },
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = <App i18n={i18n} queryClient={queryClient} Router={BrowserRouter} />;

  // The server sent this page prerendered in the reader's language (src/prerender.tsx): React adopts
  // the HTML already on screen instead of painting it again. Until it has, hooks answer what the HTML
  // was rendered for (signed in or not); the reader's own state renders right after. Otherwise (no
  // prerendered page, or one in the other language before the language cookie was set) React draws
  // the page itself. Either way as a transition, which React renders in slices of a few milliseconds,
  // yielding to the browser between them, instead of one long task that blocks input (Lighthouse's TBT).
  const shell = readShell(root);
  startTransition(() => {
    if (shell?.language === language) {
      setShell(shell);
      hydrateRoot(root, app);
    } else {
      delete root.dataset.shellLanguage;
      createRoot(root).render(app);
    }
  });
}

void start();
