import { useSyncExternalStore } from 'react';
import { OFFLINE_ATTRIBUTE } from '../sw/worker-logic.ts';

/**
 * Whether the app can reach its server, as far as the page knows:
 * - `online`;
 * - `opened-offline`: the app opened without the network (the browser said so, or the service
 *   worker served this page from its cache because the server could not be reached: it marks <html>,
 *   sw/worker-logic.ts `markOffline`). No page can load its data: the layout shows the offline
 *   screen instead of pages that would only spin or fail;
 * - `offline`: the network went away after the app had opened: the page stays, with a notice.
 * The browser's `online` event, or a retry that reaches the server (`checkConnection`), ends either.
 */
export type NetworkState = 'online' | 'opened-offline' | 'offline';

const listeners = new Set<() => void>();
let servedOffline = false;
let openedOffline = false;

/** Reads how the page was opened; main.tsx calls it once at start (tests call it again). */
export function readStartingNetwork(root: HTMLElement = document.documentElement): void {
  servedOffline = root.hasAttribute(OFFLINE_ATTRIBUTE);
  openedOffline = servedOffline || !navigator.onLine;
}

function notify() {
  for (const listener of listeners) listener();
}

/** The server answered, or the browser says the network is back: the offline states end. */
function backOnline() {
  servedOffline = false;
  openedOffline = false;
  document.documentElement.removeAttribute(OFFLINE_ATTRIBUTE);
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', backOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', backOnline);
      window.removeEventListener('offline', notify);
    }
  };
}

function networkState(): NetworkState {
  if (!servedOffline && navigator.onLine) return 'online';
  return openedOffline ? 'opened-offline' : 'offline';
}

export function useNetworkState(): NetworkState {
  return useSyncExternalStore(subscribe, networkState, () => 'online');
}

/** Retry: true, and the offline states end, when the server answers (past every cache). */
export async function checkConnection(fetcher: typeof fetch = (...args) => fetch(...args)): Promise<boolean> {
  try {
    const response = await fetcher('/health/ready', { cache: 'no-store' });
    if (!response.ok) return false;
  } catch {
    return false;
  }
  backOnline();
  return true;
}
