import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './post-cache.ts';
import { mentionableReader } from './readers.ts';

export const mentionableKey = (q: string) => [...postsKey, 'mentionable', q] as const;

/** GET /api/users/mentionable?q=: the people picker's candidates (people you follow first, 8 at most). */
export async function fetchMentionable(q: string, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/users/mentionable', {
    query: { q },
    schema: mentionableReader,
    signal,
    toast: 'none',
  });
  return data.users;
}

/** Asks only for a query with something in it; the last answer stays while the next one comes. */
export function useMentionable(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: mentionableKey(query),
    queryFn: ({ signal }) => fetchMentionable(query, { signal }),
    enabled: query.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
