import { useEffect, useState } from 'react';
import { whenInteractive } from './shell.ts';

/**
 * Calls `run` once the page has loaded, the app has drawn (or hydrated) it, and the main thread is
 * idle, so work the first screen does not need (the chat connection) neither competes with it nor
 * delays it. The app counts: a prerendered page has loaded before the app's script has even started
 * (boot.js adds it after the first paint). Returns a cancel function.
 */
export function afterLoadIdle(run: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const idle = () => {
    if (cancelled) return;
    void whenInteractive().then(idleNow);
  };
  const idleNow = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 1);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

/** False until the page has loaded and gone idle once; true from then on. */
export function useAfterLoadIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => (ready ? undefined : afterLoadIdle(() => setReady(true))), [ready]);
  return ready;
}
