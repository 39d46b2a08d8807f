import { NO_CRITERIA, SAVED_SEARCH_CITIES_MAX } from '@makan/contract/saved-search-words';
import { describe, expect, it } from 'vitest';
import { criteriaFromFilters, criteriaFromKeyword, criteriaFromPreferences } from './criteria.ts';

describe('criteria', () => {
  it('takes the feed filters, one type and one city becoming lists', () => {
    expect(
      criteriaFromFilters({
        property_type: 'retail',
        city: 2,
        purpose: 'sale',
        currency: 'SAR',
        price_min: 100_000,
        area_max: 500,
        order: 'latest',
      }),
    ).toEqual({
      ...NO_CRITERIA,
      property_types: ['retail'],
      city_ids: [2],
      purpose: 'sale',
      currency: 'SAR',
      price_min: 100_000,
      area_max: 500,
    });
  });

  it('takes the keyword trimmed, blank as any', () => {
    expect(criteriaFromKeyword('  مكتب العليا ').keyword).toBe('مكتب العليا');
    expect(criteriaFromKeyword('   ').keyword).toBeNull();
  });

  it("takes onboarding's answers: a buyer looks for sales, a tenant for rentals, a lister for any", () => {
    const answers = { property_types: ['office' as const], preferred_locations: [1, 2] };
    expect(criteriaFromPreferences({ purpose: 'buy', ...answers })).toMatchObject({
      purpose: 'sale',
      property_types: ['office'],
      city_ids: [1, 2],
    });
    expect(criteriaFromPreferences({ purpose: 'rent', ...answers }).purpose).toBe('rent');
    expect(criteriaFromPreferences({ purpose: 'list', ...answers }).purpose).toBeNull();
    // As many cities as onboarding allows: all kept.
    const many = Array.from({ length: SAVED_SEARCH_CITIES_MAX }, (_, i) => i + 1);
    expect(
      criteriaFromPreferences({ purpose: 'rent', property_types: ['office'], preferred_locations: many })
        .city_ids,
    ).toEqual(many);
  });
});
