import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '../components/ui/toast.tsx';

// jsdom does not implement scrolling; the app scrolls to top after each navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Toasts live in a module-level store: one test's toast must not show in the next.
  clearToasts();
});
