import { NO_CRITERIA } from '@makan/contract/saved-search-words';
import type { SavedSearch } from '@makan/contract/saved-searches';

/** An active instant search for offices for rent in Riyadh (city 1), with nothing new. */
export function savedSearchFixture(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: 5,
    name: 'Offices for rent in Riyadh',
    criteria: { ...NO_CRITERIA, property_types: ['office'], city_ids: [1], purpose: 'rent' },
    frequency: 'instant',
    paused: false,
    new_count: 0,
    last_opened_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
