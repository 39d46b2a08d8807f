import { LIMITS } from '@makan/contract/limits';
import { type FeedQuery, feedResult } from '@makan/contract/posts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './post-cache.ts';

export type FeedFilters = Omit<FeedQuery, 'cursor' | 'per_page'>;

export const feedKey = (filters: FeedFilters = {}) => [...postsKey, 'feed', filters] as const;

/** GET /api/posts: newest first, 10 a page; `next_cursor` is the next page's `cursor`. */
export async function fetchFeed(
  filters: FeedFilters,
  cursor: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request('/posts', {
    query: { ...filters, cursor, per_page: LIMITS.postsPerPage },
    schema: feedResult,
    signal,
    toast: 'none',
  });
  return data;
}

export function useFeed(filters: FeedFilters = {}) {
  return useInfiniteQuery({
    queryKey: feedKey(filters),
    queryFn: ({ pageParam, signal }) => fetchFeed(filters, pageParam, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
