import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '../components/ui/toast.tsx';

// The first render of a file loads its lazy route chunks; on a busy 2-core CI machine that can pass the
// default 1 s of findBy/waitFor. Waiting longer changes no assertion, only how long a failure takes.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the app scrolls to top after each navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

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
beforeEach(() => {
  printed.length = 0;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Toasts live in a module-level store: one test's toast must not show in the next.
  clearToasts();
  if (printed.length > 0) {
    const lines = printed.splice(0);
    throw new Error(`the test printed ${lines.length} warning(s):\n${lines.join('\n').slice(0, 2000)}`);
  }
});
