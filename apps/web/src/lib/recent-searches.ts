import { LIMITS } from '@makan/contract/limits';
import { getItem, setItem } from './storage.ts';

export const RECENT_SEARCHES_MAX = LIMITS.recentSearches;

/**
 * Spec §5 recent searches: a blank keyword changes nothing; the trimmed keyword goes first and an
 * earlier one that matches it case-insensitively is removed; at most 10 are kept. Pure.
 */
export function addRecentSearch(
  list: readonly string[],
  keyword: string,
  max = RECENT_SEARCHES_MAX,
): string[] {
  const trimmed = keyword.trim();
  if (!trimmed) return [...list];
  const key = trimmed.toLocaleLowerCase();
  return [trimmed, ...list.filter((item) => item.trim().toLocaleLowerCase() !== key)].slice(0, max);
}

export function readRecentSearches(): string[] {
  return getItem('recent_searches') ?? [];
}

/** Saves `keyword` with the rules above; returns the new list. */
export function saveRecentSearch(keyword: string): string[] {
  const next = addRecentSearch(readRecentSearches(), keyword);
  setItem('recent_searches', next);
  return next;
}

export function clearRecentSearches(): void {
  setItem('recent_searches', []);
}
