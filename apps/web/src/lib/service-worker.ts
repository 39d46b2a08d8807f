import { NAVIGATE_MESSAGE } from '../sw/worker-logic.ts';
import { afterLoadIdle } from './after-load.ts';

/** Where the build writes the worker (apps/web/vite.config.ts): at the root, so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded and gone idle (it then downloads the app's
 * files for offline use, which must not compete with the first screen), and follows its requests to go
 * to a page (a click on a notification: sw/worker-logic.ts, `openFromNotification`). Only in a
 * built app: the dev server and the unit tests have no worker.
 */
export function startServiceWorker(
  navigate: (path: string) => void,
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  enabled = import.meta.env.PROD,
): void {
  if (!enabled || !container) return;
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== NAVIGATE_MESSAGE || typeof data.url !== 'string') return;
    const url = new URL(data.url, window.location.origin);
    if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}${url.hash}`);
  });
  afterLoadIdle(() => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (a private window that allows none, say): the app works as a plain web page.
    });
  });
}
