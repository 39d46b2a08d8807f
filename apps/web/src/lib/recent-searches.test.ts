import { beforeEach, describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  readRecentSearches,
  saveRecentSearch,
} from './recent-searches.ts';

describe('recent searches (spec §5)', () => {
  beforeEach(() => localStorage.clear());

  it('ignores a blank keyword', () => {
    expect(addRecentSearch(['office'], '')).toEqual(['office']);
    expect(addRecentSearch(['office'], '   ')).toEqual(['office']);
  });

  it('puts the trimmed keyword first', () => {
    expect(addRecentSearch(['office'], '  Riyadh warehouse ')).toEqual(['Riyadh warehouse', 'office']);
  });

  it('moves a case-insensitive duplicate to the front instead of keeping two', () => {
    expect(addRecentSearch(['office', 'Riyadh', 'land'], 'riyadh')).toEqual(['riyadh', 'office', 'land']);
    expect(addRecentSearch(['مكتب', 'office'], 'مكتب')).toEqual(['مكتب', 'office']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    const list = Array.from({ length: 10 }, (_, i) => `k${i}`);
    const next = addRecentSearch(list, 'new');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('new');
    expect(next).not.toContain('k9');
  });

  it('is stored under recent_searches', () => {
    saveRecentSearch('office');
    saveRecentSearch('Office');
    saveRecentSearch(' ');
    expect(readRecentSearches()).toEqual(['Office']);
    expect(JSON.parse(localStorage.getItem('recent_searches') ?? 'null')).toEqual(['Office']);
    clearRecentSearches();
    expect(readRecentSearches()).toEqual([]);
  });
});
