import { LIMITS } from '@makan/contract/limits';
import type { FeedCursor } from '@makan/contract/posts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './post-cache.ts';
import { feedReader } from './readers.ts';

export const bookmarksKey = [...postsKey, 'bookmarks'] as const;

/** GET /api/bookmarks: the posts you saved, most recently saved first. */
export async function fetchBookmarks(
  cursor: FeedCursor | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request('/bookmarks', {
    query: { cursor, per_page: LIMITS.postsPerPage },
    schema: feedReader,
    signal,
    toast: 'none',
  });
  return data;
}

export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: bookmarksKey,
    queryFn: ({ pageParam, signal }) => fetchBookmarks(pageParam, { signal }),
    initialPageParam: undefined as FeedCursor | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
