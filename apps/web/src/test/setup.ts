import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '../components/ui/toast.tsx';
import { chatStore } from '../features/chat/store.ts';
import { readStartingNetwork } from '../lib/network.ts';
import { setShell } from '../lib/shell.ts';
import { releaseQueryClients } from './query-clients.ts';

/*
 * The web's test files share one jsdom and one module graph per worker (vitest.config.ts): this file
 * runs before each of them, so what must happen once per worker (wrapping the console and the clock)
 * is kept on globalThis, and after each test everything a test could leave to the next goes, as a new
 * page load would take it.
 */

// The first render of a file loads its lazy route chunks; on a busy 2-core CI machine that can pass the
// default 1 s of findBy/waitFor. Waiting longer changes no assertion, only how long a failure takes.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the app scrolls to top after each navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

type Worker = {
  /** Warnings printed by the test running now. */
  printed: string[];
  /** The timers set and not yet run (a timeout) or cleared. */
  timers: Set<unknown>;
  /** The environment's clock as the worker's first file found it, the timers above counted. */
  clock: Pick<
    typeof globalThis,
    | 'setTimeout'
    | 'clearTimeout'
    | 'setInterval'
    | 'clearInterval'
    | 'requestAnimationFrame'
    | 'cancelAnimationFrame'
    | 'Date'
  >;
};
const holder = globalThis as { __makanTestWorker?: Worker };
holder.__makanTestWorker ??= startWorker();
const worker = holder.__makanTestWorker;

function startWorker(): Worker {
  /**
   * A warning React or a library prints (a conditional `use()`, a missing provider, a key, an act) is a
   * bug no assertion looked for: it fails the test that printed it. One is jsdom's, not ours: it does not
   * know the `<search>` element, which Chromium renders (the e2e suite runs it there).
   */
  const printed: string[] = [];
  const jsdomLimit = (args: unknown[]) =>
    String(args[0]).includes('is unrecognized in this browser') && args.includes('search');
  for (const level of ['error', 'warn'] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      if (jsdomLimit(args)) return;
      printed.push(`console.${level}: ${args.map(String).join(' ')}`);
      write(...args);
    };
  }

  /**
   * Timers are counted while they wait, so that after a test none of its own runs in the next one (an
   * HTTP retry waiting out its backoff would otherwise send its request to the next test's fetch).
   */
  const timers = new Set<unknown>();
  type Start = (handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;
  /** `start` (setTimeout or setInterval) with its timer counted until it has run once (a timeout) or is cleared. */
  const counted = (start: Start, once: boolean) =>
    ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const id = start(
        (...given: unknown[]) => {
          if (once) timers.delete(id);
          handler(...given);
        },
        ms,
        ...args,
      );
      timers.add(id);
      return id;
    }) as Start;
  const { setTimeout: set, clearTimeout: clear, setInterval: every } = globalThis;
  // clearTimeout and clearInterval clear either kind, in Node as in browsers.
  const clearTimer = (id: unknown) => {
    timers.delete(id);
    clear(id as Parameters<typeof clear>[0]);
  };
  const clock = {
    setTimeout: counted(set as Start, true) as typeof globalThis.setTimeout,
    clearTimeout: clearTimer as typeof globalThis.clearTimeout,
    setInterval: counted(every as Start, false) as typeof globalThis.setInterval,
    clearInterval: clearTimer as typeof globalThis.clearInterval,
    requestAnimationFrame: globalThis.requestAnimationFrame,
    cancelAnimationFrame: globalThis.cancelAnimationFrame,
    Date: globalThis.Date,
  };
  Object.assign(globalThis, clock);
  return { printed, timers, clock };
}

beforeEach(() => {
  worker.printed.length = 0;
});

afterEach(async () => {
  cleanup();
  await releaseQueryClients();
  // A stub set over vitest's fake clock and restored in the wrong order leaves a dead fake behind (a
  // requestAnimationFrame that never fires, for every later file): the worker's clock is put back.
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(globalThis, worker.clock);
  for (const id of [...worker.timers]) worker.clock.clearTimeout(id as Parameters<typeof clearTimeout>[0]);
  // The document outside React's trees (boot.js's work, the theme's class, the language's dir).
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  delete globalThis.__makanEarlyReads;
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no cookieStore; the test's cookies expire.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  window.history.replaceState(null, '', '/');
  // Module state a page load starts afresh: the network as the page opened, the chat's store, the
  // prerendered shell, and TanStack Query's own idea of the network (an 'offline' event pauses every
  // query after it until an 'online' one).
  readStartingNetwork();
  onlineManager.setOnline(true);
  chatStore.reset();
  setShell({ language: 'en', signedIn: false });
  localStorage.clear();
  sessionStorage.clear();
  // Toasts live in a module-level store: one test's toast must not show in the next.
  clearToasts();
  if (worker.printed.length > 0) {
    const lines = worker.printed.splice(0);
    throw new Error(`the test printed ${lines.length} warning(s):\n${lines.join('\n').slice(0, 2000)}`);
  }
});
