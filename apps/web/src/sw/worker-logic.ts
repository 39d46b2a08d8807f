import type { PushPayload } from '@makan/contract/notifications';

/**
 * The service worker's decisions (public/sw.js is built from service-worker.ts, which only wires these
 * to its events): plain functions, so they run under the app's unit tests as well.
 */

/** Every cache of this worker is named so; activating deletes the ones of older builds. */
export const CACHE_PREFIX = 'makan-';
export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/**
 * The page a navigation falls back to when the server cannot be reached: index.html as the build
 * wrote it (the app draws the page itself, then its offline screen).
 */
export const SHELL_URL = '/index.html';
/** Set on <html> of the shell served offline: the app opens on its offline screen (lib/network.ts). */
export const OFFLINE_ATTRIBUTE = 'data-offline';

/** Told to a window of the app, which then goes to `url` inside the app (lib/service-worker.ts). */
export const NAVIGATE_MESSAGE = 'makan:navigate';
/** Told to a waiting worker by the one in charge when its only window is leaving (see `shouldHandOver`). */
export const SKIP_WAITING_MESSAGE = 'makan:skip-waiting';

/**
 * How a request is answered:
 * - `navigation`: a page; from the network, else the cached shell;
 * - `asset`: a file of /assets/, named by its content's hash: from the cache, else the network (kept);
 * - `static`: another file the worker cached (boot.js, icons, manifests): the network first, as the
 *   server asks them to be revalidated, else the cache;
 * - `network`: not touched at all, as without a worker. The API, the socket, media and health checks
 *   carry the user's token or answer per user: nothing of them is ever cached.
 */
export type Strategy = 'navigation' | 'asset' | 'static' | 'network';

const SERVER_PATHS = /^\/(api|socket\.io|media|health)(\/|$)/;

export function strategyFor(
  request: { method: string; url: string; mode: string },
  origin: string,
  precached: ReadonlySet<string>,
): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || SERVER_PATHS.test(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'navigation';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (precached.has(url.pathname) && !url.search) return 'static';
  return 'network';
}

/** The shell's HTML, marked as served without the network. */
export function markOffline(html: string): string {
  return html.replace(/<html\b/, `<html ${OFFLINE_ATTRIBUTE}`);
}

/**
 * A new worker waits while a window of the app is open, so an open session never loads chunks of
 * another build. When the one window left is itself navigating (a reload, a link typed in), nothing
 * of its old page survives the navigation: the new worker may take over at once.
 */
export function shouldHandOver(hasWaitingWorker: boolean, openWindows: number): boolean {
  return hasWaitingWorker && openWindows <= 1;
}

/**
 * What the leaving worker answers a navigation with while the new one takes over (`shouldHandOver`):
 * a page that loads its address again once the new worker controls it (its activation claims every
 * window), or at once when the new worker is already active, or after a few seconds in any case. Not
 * a `Refresh` header: that navigation could start while the workers change hands, and Chromium then
 * sometimes never answered it (the page stayed blank, a CI run of pwa.spec).
 */
export const HANDOVER_HTML =
  '<!doctype html><meta charset="utf-8"><title></title><script>(function(){var sw=navigator.serviceWorker,done=false;' +
  'function again(){if(!done){done=true;location.reload();}}' +
  "sw.addEventListener('controllerchange',again);" +
  "sw.getRegistration('/').then(function(r){if(!r||!r.waiting)again();},again);" +
  'setTimeout(again,3000);})();</script>';

/** A path of this app; anything else (another origin, a malformed link) leads to the notifications page. */
export function appUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin === origin) return parsed.href;
  } catch {
    // Falls through to the default.
  }
  return new URL('/notifications', origin).href;
}

/**
 * The contract's `pushPayload`, checked by hand: zod would make the worker thirty times larger, and
 * the worker starts afresh for many a push and page load. worker-logic.test.ts holds the two to the
 * same answers.
 */
export function isPushPayload(data: unknown): data is PushPayload {
  if (typeof data !== 'object' || data === null) return false;
  const fields = data as Record<string, unknown>;
  return (
    ['title', 'body', 'url', 'tag'].every((key) => typeof fields[key] === 'string') &&
    (fields.lang === 'en' || fields.lang === 'ar')
  );
}

export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/**
 * What a push shows: its payload (contract `pushPayload`, text already in the recipient's language).
 * A payload that does not parse still shows something, as a push must (userVisibleOnly): the app's
 * name, leading to the notifications page.
 */
export function notificationFor(data: unknown, origin: string): ShownNotification {
  const payload: PushPayload = isPushPayload(data)
    ? data
    : { title: 'Makan', body: '', url: '/notifications', tag: 'makan', lang: 'en' };
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      lang: payload.lang,
      dir: payload.lang === 'ar' ? 'rtl' : 'ltr',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      data: { url: appUrl(payload.url, origin) },
    },
  };
}

/** A push's data as JSON, or undefined when it is missing or not JSON. */
export function readPushData(data: { json(): unknown } | null): unknown {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
}

/** The parts of a window client and of `clients` a click needs. */
export interface AppWindow {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}
export interface AppWindows {
  matchAll(options: { type: 'window' }): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A click on a notification: the app's window (the focused one, else the first) is brought to the
 * front and told to go to the notification's page, which it does inside the app (no reload: an open
 * draft survives); with no window of the app, a new one opens there.
 */
export async function openFromNotification(url: string, windows: AppWindows): Promise<void> {
  const open = await windows.matchAll({ type: 'window' });
  const target = open.find((client) => client.focused) ?? open[0];
  if (!target) {
    await windows.openWindow(url);
    return;
  }
  target.postMessage({ type: NAVIGATE_MESSAGE, url });
  await target.focus();
}
