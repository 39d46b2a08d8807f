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
    if (!cancelled) cancelIdle = whenIdle(run);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

/** Calls `run` when the main thread is next idle (at most 2 s later); returns a cancel function. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

let turns: Promise<unknown> = Promise.resolve();

/**
 * Loads code the first screen does not need one piece at a time: `load` starts once the pieces asked
 * for before it have arrived and run and the main thread is idle again. Together, the live connection's
 * code (Socket.IO, the chat's sync, the notifications' updates, zod for their events) ran as one task of
 * about half a second on a slowed phone, during which a tap on the page waited; in turn, each piece runs
 * in a task of its own.
 */
export function inTurn<T>(load: () => Promise<T>): Promise<T> {
  const mine = turns.then(() => new Promise<void>((resolve) => whenIdle(resolve))).then(load);
  turns = mine.catch(() => undefined);
  return mine;
}

/** False until the page has loaded and gone idle once; true from then on. */
export function useAfterLoadIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => (ready ? undefined : afterLoadIdle(() => setReady(true))), [ready]);
  return ready;
}
