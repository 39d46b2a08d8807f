import { type City, citySchema } from '@makan/contract/cities';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { cityKey } from './city.ts';

export const CITY_RESULTS = 12;

export const citySearchKey = (q: string) => ['cities', 'search', q] as const;

/** GET /api/cities?q=&limit=: cities whose English or Arabic name matches; without q, the main ones. */
export async function searchCities(q: string, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/cities', {
    query: { q: q || undefined, limit: CITY_RESULTS },
    schema: z.array(citySchema),
    signal,
    toast: 'none',
  });
  return data;
}

/** Each city found is also cached by id, so a chosen one needs no second request to show its name. */
function remember(queryClient: QueryClient, cities: City[]) {
  for (const city of cities) queryClient.setQueryData(cityKey(city.id), city);
}

/** `q` should already be debounced; the previous results stay on screen while the next load. */
export function useCitySearch(q: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: citySearchKey(q),
    queryFn: async ({ signal }) => {
      const cities = await searchCities(q, { signal });
      remember(queryClient, cities);
      return cities;
    },
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}
