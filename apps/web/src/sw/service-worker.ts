/// <reference lib="webworker" />
import {
  cacheName,
  HANDOVER_HTML,
  markOffline,
  notificationFor,
  openFromNotification,
  readPushData,
  SHELL_URL,
  SKIP_WAITING_MESSAGE,
  shouldHandOver,
  strategyFor,
} from './worker-logic.ts';

/**
 * The app's service worker, served as /sw.js (its scope is the whole app). The build writes it
 * (apps/web/vite.config.ts, `serviceWorker`) with these two constants: the build's files to keep, and
 * a version that changes whenever one of them does, so a new build is a new worker with a new cache.
 */
declare const __MAKAN_PRECACHE__: readonly string[];
declare const __MAKAN_VERSION__: string;
declare const self: ServiceWorkerGlobalScope;

const CACHE = cacheName(__MAKAN_VERSION__);
const precached = new Set(__MAKAN_PRECACHE__);
const origin = self.location.origin;

self.addEventListener('install', (event) => {
  // Past the HTTP cache: index.html and boot.js are revalidated anyway, and a stale copy kept here
  // would outlive them. No skipWaiting: an open window keeps the worker (and the chunks) it started with.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(__MAKAN_PRECACHE__.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('makan-') && name !== CACHE) await caches.delete(name);
      }
      // The first worker takes the window that installed it at once (it had none before); a later one
      // is only activated once no window uses the previous one, so it takes only new windows.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

async function fromCache(request: Request | string): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(request);
}

async function navigation(event: FetchEvent): Promise<Response> {
  const waiting = self.registration.waiting;
  if (waiting) {
    const windows = await self.clients.matchAll({ type: 'window' });
    if (shouldHandOver(true, windows.length)) {
      // The new worker takes over once this one has nothing in hand. The page it answers is blank and
      // loads itself again once the new worker holds it: that load is the new worker's, with the new
      // build's files (answering this one from here would leave the page on the worker now leaving).
      waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
      return new Response(HANDOVER_HTML, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
  }
  try {
    return await fetch(event.request);
  } catch (error) {
    const shell = await fromCache(SHELL_URL);
    if (!shell) throw error;
    return new Response(markOffline(await shell.text()), {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    });
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await fromCache(request);
  if (cached) return cached;
  const response = await fetch(request);
  // A chunk this build did not precache (an older or newer build's, say): kept for next time.
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await fromCache(new URL(request.url).pathname);
    if (!cached) throw error;
    return cached;
  }
}

self.addEventListener('fetch', (event) => {
  switch (strategyFor(event.request, origin, precached)) {
    case 'navigation':
      event.respondWith(navigation(event));
      return;
    case 'asset':
      event.respondWith(asset(event.request));
      return;
    case 'static':
      event.respondWith(networkFirst(event.request));
      return;
    case 'network':
      return;
  }
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(readPushData(event.data), origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openFromNotification(typeof url === 'string' ? url : '/notifications', self.clients));
});
