import { type CriterionPart, describeCriteria } from '@makan/contract/saved-search-words';
import type { SavedSearchCriteria } from '@makan/contract/saved-searches';
import { cityName, useCities } from '../../lib/cities.ts';
import { useLanguage } from '../../lib/i18n.ts';

/**
 * The criteria in words, in the reader's language (the contract's words: the server names a search
 * saved without a name the same way). Cities found by the feed's city search are cached by id already;
 * others are asked for once, and counted until known.
 */
export function useCriteriaParts(criteria: SavedSearchCriteria): {
  parts: CriterionPart[];
  pending: boolean;
} {
  const language = useLanguage();
  const { cities, pending } = useCities(criteria.city_ids);
  const names = cities.map((city) => cityName(city, language));
  return { parts: describeCriteria(criteria, language, names), pending };
}
