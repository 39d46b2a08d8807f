import { LIMITS } from '@makan/contract/limits';
import type { FeedCursor, FeedQuery, FeedResult } from '@makan/contract/posts';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './post-cache.ts';
import { feedReader } from './readers.ts';

export type FeedFilters = Omit<FeedQuery, 'cursor' | 'per_page'>;

export const feedKey = (filters: FeedFilters = {}) => [...postsKey, 'feed', filters] as const;

/** GET /api/posts: newest first, 10 a page; `next_cursor` is the next page's `cursor`. */
export async function fetchFeed(
  filters: FeedFilters,
  cursor: FeedCursor | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request('/posts', {
    query: { ...filters, cursor, per_page: LIMITS.postsPerPage },
    schema: feedReader,
    signal,
    toast: 'none',
  });
  return data;
}

export function useFeed(filters: FeedFilters = {}) {
  return useInfiniteQuery({
    queryKey: feedKey(filters),
    queryFn: ({ pageParam, signal }) => fetchFeed(filters, pageParam, { signal }),
    initialPageParam: undefined as FeedCursor | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Spec §9: 'Refresh cooldown 1000 ms' (not in the contract's LIMITS, which the web may not change). */
export const REFRESH_COOLDOWN_MS = LIMITS.refreshCooldownMs;

/**
 * Refetches the feed from the top: only the first page is kept and asked again, so a long scrolled
 * feed does not refetch every page it had loaded; what is on screen stays until the answer comes.
 */
export function useRefreshFeed(filters: FeedFilters = {}) {
  const queryClient = useQueryClient();
  return () => {
    const queryKey = feedKey(filters);
    queryClient.setQueryData<InfiniteData<FeedResult, FeedCursor | undefined>>(queryKey, (old) =>
      old ? { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) } : old,
    );
    return queryClient.refetchQueries({ queryKey, exact: true });
  };
}
