import { describe, expect, it } from 'vitest';
import {
  describeCriteria,
  fitSavedSearchName,
  NO_CRITERIA,
  SAVED_SEARCH_NAME_MAX,
  savedSearchName,
} from './saved-search-words.ts';
import type { SavedSearchCriteria } from './saved-searches.ts';

describe('a saved search in words', () => {
  it('says every criterion in order, in English and in Arabic', () => {
    const criteria: SavedSearchCriteria = {
      keyword: 'sea view',
      property_types: ['office', 'warehouse'],
      city_ids: [1, 2],
      purpose: 'rent',
      currency: 'SAR',
      price_min: 100_000,
      price_max: 500_000,
      area_min: 200,
      area_max: null,
    };
    const english = describeCriteria(criteria, 'en', ['Riyadh', 'Jeddah']);
    expect(english.map((p) => p.key)).toEqual(['keyword', 'types', 'purpose', 'cities', 'price', 'area']);
    expect(english.map((p) => p.text)).toEqual([
      '“sea view”',
      'Office Space or Warehouse',
      'for rent',
      'Riyadh or Jeddah',
      'Price SAR\u00a0100,000 – SAR\u00a0500,000',
      'Area from 200 m²',
    ]);
    const arabic = describeCriteria(criteria, 'ar', ['الرياض', 'جدة']);
    expect(arabic[0]?.text).toBe('«sea view»');
    expect(arabic[2]?.text).toBe('للإيجار');
    expect(arabic[3]?.text).toBe('الرياض أو جدة');
    expect(arabic[5]?.text).toMatch(/^المساحة من .+ م²$/);
  });

  it('counts the cities while their names are unknown, in the language’s plural', () => {
    expect(describeCriteria({ ...NO_CRITERIA, city_ids: [1] }, 'en', [])[0]?.text).toBe('1 city');
    expect(describeCriteria({ ...NO_CRITERIA, city_ids: [1, 2, 3] }, 'en', [])[0]?.text).toBe('3 cities');
    expect(describeCriteria({ ...NO_CRITERIA, city_ids: [1, 2] }, 'ar', [])[0]?.text).toBe('مدينتان');
  });

  it('says a currency alone, and names a search from its parts or a default, within the limit', () => {
    expect(describeCriteria({ ...NO_CRITERIA, currency: 'AED' }, 'en', [])).toEqual([
      { key: 'currency', text: 'Priced in AED' },
    ]);
    expect(savedSearchName([], 'en')).toBe('My search');
    expect(savedSearchName([], 'ar')).toBe('بحثي');
    expect(savedSearchName(describeCriteria({ ...NO_CRITERIA, purpose: 'sale' }, 'ar', []), 'ar')).toBe(
      'للبيع',
    );
    expect(fitSavedSearchName('  Offices  ')).toBe('Offices');
    const long = fitSavedSearchName('مكتب '.repeat(40));
    expect([...long]).toHaveLength(SAVED_SEARCH_NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
