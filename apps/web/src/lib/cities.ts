import type { City } from '@makan/contract/cities';
import { COUNTRY_CODES } from '@makan/contract/countries';
import { displayNames } from '@makan/contract/intl';
import { LIMITS } from '@makan/contract/limits';
import {
  keepPreviousData,
  type QueryClient,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from './http.ts';
import type { Language } from './i18n.ts';
import { arrayOf, int, num, object, oneOf, type Reader, str } from './read.ts';

/**
 * The one city search (onboarding's locations, the composer's location, the feed's city filter), and
 * a city's name in the page's language.
 */

/** A city as the contract's `citySchema` reads it, without zod (read.test.ts holds the two equal). */
export const cityReader: Reader<City> = object({
  id: int,
  name_en: str,
  name_ar: str,
  country_code: oneOf(COUNTRY_CODES),
  lat: num,
  lng: num,
  display_name: str,
});
const citiesReader = arrayOf(cityReader);

export const cityKey = (id: number) => ['cities', 'id', id] as const;
const citySearchKey = (q: string) => ['cities', 'search', q] as const;

/** GET /api/cities?q=&limit=: cities whose English or Arabic name matches; without q, the main ones. */
async function searchCities(q: string, signal?: AbortSignal) {
  const { data } = await http.request('/cities', {
    query: { q: q || undefined, limit: LIMITS.citySearchResults },
    schema: citiesReader,
    signal,
    toast: 'none',
  });
  return data;
}

/** Each city found is also cached by id, so a chosen one needs no second request to show its name. */
function remember(queryClient: QueryClient, cities: City[]) {
  for (const city of cities) queryClient.setQueryData(cityKey(city.id), city);
}

/**
 * `q` should already be debounced; the previous results stay on screen while the next load. An empty
 * box asks for nothing, unless `suggest` asks for the main cities then.
 */
export function useCitySearch(q: string, { suggest = false }: { suggest?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: citySearchKey(q),
    queryFn: async ({ signal }) => {
      const cities = await searchCities(q, signal);
      remember(queryClient, cities);
      return cities;
    },
    enabled: suggest || q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}

/** GET /api/cities/{id}: one city, to name a saved preference or a saved search's city. */
async function fetchCity(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request(`/cities/${id}`, { schema: cityReader, signal, toast: 'none' });
  return data;
}

/**
 * The cities of these ids, in the same order; unknown or still loading ones are left out (onboarding's
 * chosen cities, a saved search's). A city found by the search is cached by id already: no request.
 */
export function useCities(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: cityKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCity(id, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: (results) => ({
      cities: results.flatMap((result) => (result.data ? [result.data] : [])),
      pending: results.some((result) => result.isPending),
    }),
  });
}

/** The Arabic locale shows the Arabic name (spec §3). */
export function cityName(city: Pick<City, 'name_en' | 'name_ar'>, language: Language): string {
  return language === 'ar' ? city.name_ar : city.name_en;
}

/** A country's name in the page's language ('SA' → 'Saudi Arabia' / 'السعودية'). */
export function countryName(code: string, language: Language): string {
  return displayNames(language, { type: 'region' }).of(code) ?? code;
}
