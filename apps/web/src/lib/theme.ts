import { useSyncExternalStore } from 'react';
import { getItem, setItem, subscribe, type Theme } from './storage.ts';

export type { Theme } from './storage.ts';

/** The stored theme; the older `darkMode` flag counts when `theme` is missing; default light (spec §4). */
export function getTheme(): Theme {
  return getItem('theme') ?? (getItem('darkMode') ? 'dark' : 'light');
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
}

/** Persists the theme (keeping the `darkMode` flag in step) and applies it at once. */
export function setTheme(theme: Theme): void {
  setItem('theme', theme);
  setItem('darkMode', theme === 'dark');
  applyTheme(theme);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light');
}
