import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '../components/ui/toast.tsx';

// The first render of a file loads its lazy route chunks; on a busy 2-core CI machine that can pass the
// default 1 s of findBy/waitFor. Waiting longer changes no assertion, only how long a failure takes.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the app scrolls to top after each navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Toasts live in a module-level store: one test's toast must not show in the next.
  clearToasts();
});
