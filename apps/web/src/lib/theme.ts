import { useSyncExternalStore } from 'react';
import { getItem, setItem, subscribe, type Theme } from './storage.ts';

export type { Theme } from './storage.ts';

/** The stored theme; the older `darkMode` flag counts when `theme` is missing; default light (spec §4). */
export function getTheme(): Theme {
  return getItem('theme') ?? (getItem('darkMode') ? 'dark' : 'light');
}

/**
 * The browser's bars (and the installed app's title bar) in the header's background of each theme:
 * `<meta name="theme-color">`, which follows the app's own toggle rather than the system's preference.
 * public/boot.js sets it before first paint with these same values.
 */
export const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#020617' };

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.ownerDocument.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/**
 * Persists the theme (keeping the `darkMode` flag in step) and applies it right after the next
 * frame. The toggle's own state shows in that frame; the class on <html> restyles every element of
 * the page (on a phone at 4× CPU slowdown, most of the 130 ms the click took to paint, issue 17), so
 * it runs in a task of its own once the click has painted, instead of holding that paint.
 */
export function setTheme(theme: Theme): void {
  setItem('theme', theme);
  setItem('darkMode', theme === 'dark');
  afterNextPaint(() => applyTheme(getTheme()));
}

/** Runs `task` in a task after the next frame has been painted (at once where there are no frames). */
function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    task();
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light');
}
