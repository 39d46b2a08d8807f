import { describe, expect, it } from 'vitest';
import { citySearchQuery, normalizeSearchText } from './cities.ts';

describe('normalizeSearchText', () => {
  it('lower-cases Latin text and drops accents and punctuation', () => {
    expect(normalizeSearchText('  Riyadh ')).toBe('riyadh');
    expect(normalizeSearchText('Ḥafr Al-Bāṭin')).toBe('hafr al batin');
  });

  it('folds Arabic diacritics, tatweel and letter variants', () => {
    expect(normalizeSearchText('الرِّيَاض')).toBe('الرياض');
    expect(normalizeSearchText('الريـــاض')).toBe('الرياض');
    expect(normalizeSearchText('أبها')).toBe('ابها');
    expect(normalizeSearchText('إربد')).toBe('اربد');
    expect(normalizeSearchText('آل')).toBe('ال');
    expect(normalizeSearchText('جدة')).toBe(normalizeSearchText('جده'));
    expect(normalizeSearchText('المنى')).toBe(normalizeSearchText('المني'));
  });

  it('folds both names of a city into one searchable string', () => {
    expect(normalizeSearchText('Makkah مكة المكرمة')).toBe('makkah مكه المكرمه');
  });
});

describe('citySearchQuery', () => {
  it('defaults the limit and trims the query', () => {
    expect(citySearchQuery.parse({ q: ' riy ' })).toEqual({ q: 'riy', limit: 20 });
  });
  it('refuses limits outside 1..50 and unknown countries', () => {
    expect(citySearchQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(citySearchQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(citySearchQuery.safeParse({ country: 'US' }).success).toBe(false);
  });
});
