import { citySchema } from '@makan/contract/cities';
import { useQueries } from '@tanstack/react-query';
import { cityKey } from '../../../lib/cities.ts';
import { http } from '../../../lib/http.ts';

/** GET /api/cities/{id}: one city, to name a saved preference. */
export async function fetchCity(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request(`/cities/${id}`, { schema: citySchema, signal, toast: 'none' });
  return data;
}

/** The cities of these ids, in the same order; unknown or still loading ones are left out. */
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
