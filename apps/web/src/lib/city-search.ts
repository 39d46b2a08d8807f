import { citySchema } from '@makan/contract/cities';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from './http.ts';

export const citySearchKey = (q: string) => ['cities', 'search', q, 8] as const;

/** GET /api/cities?q=&limit=8: the few cities a search box (composer location, feed filter) offers. */
export async function searchCities(q: string, signal?: AbortSignal) {
  const { data } = await http.request('/cities', {
    query: { q, limit: 8 },
    schema: z.array(citySchema),
    signal,
    toast: 'none',
  });
  return data;
}

/** `q` should already be debounced; nothing is asked for an empty box. */
export function useCityOptions(q: string) {
  return useQuery({
    queryKey: citySearchKey(q),
    queryFn: ({ signal }) => searchCities(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}
