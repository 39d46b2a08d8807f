import type { PreferencesRequest } from '@makan/contract/onboarding';
import type { FeedQuery } from '@makan/contract/posts';
import { NO_CRITERIA, SAVED_SEARCH_CITIES_MAX } from '@makan/contract/saved-search-words';
import type { SavedSearchCriteria } from '@makan/contract/saved-searches';

/** The feed's filters as the feed holds them (the posts feature's FeedFilters, said in the contract's words). */
export type FeedFilterValues = Omit<FeedQuery, 'cursor' | 'per_page' | 'order' | 'author'> & {
  order?: FeedQuery['order'];
};

/** The feed's active filters as a saved search's criteria (one type and one city become lists of one). Pure. */
export function criteriaFromFilters(filters: FeedFilterValues): SavedSearchCriteria {
  return {
    ...NO_CRITERIA,
    property_types: filters.property_type ? [filters.property_type] : [],
    city_ids: filters.city ? [filters.city] : [],
    purpose: filters.purpose ?? null,
    currency: filters.currency ?? null,
    price_min: filters.price_min ?? null,
    price_max: filters.price_max ?? null,
    area_min: filters.area_min ?? null,
    area_max: filters.area_max ?? null,
  };
}

/** The search page's keyword as criteria (trimmed; blank is 'any'). Pure. */
export function criteriaFromKeyword(keyword: string): SavedSearchCriteria {
  const trimmed = keyword.trim();
  return { ...NO_CRITERIA, keyword: trimmed === '' ? null : trimmed };
}

/**
 * Onboarding's answers as the first saved search: the types and the cities chosen (the first
 * SAVED_SEARCH_CITIES_MAX of them), and the purpose in the listings' words: a buyer looks for
 * listings for sale, a tenant for listings for rent; someone who lists property looks for no one
 * purpose. Pure.
 */
export function criteriaFromPreferences(preferences: PreferencesRequest): SavedSearchCriteria {
  const purpose = preferences.purpose === 'buy' ? 'sale' : preferences.purpose === 'rent' ? 'rent' : null;
  return {
    ...NO_CRITERIA,
    property_types: [...preferences.property_types],
    city_ids: preferences.preferred_locations
      .filter((id): id is number => typeof id === 'number')
      .slice(0, SAVED_SEARCH_CITIES_MAX),
    purpose,
  };
}
