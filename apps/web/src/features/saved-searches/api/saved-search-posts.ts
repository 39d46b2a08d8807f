import { LIMITS } from '@makan/contract/limits';
import { savedSearchPostsResult } from '@makan/contract/saved-searches';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from '../../../lib/query-keys.ts';
import { editSavedSearches } from './saved-searches.ts';

/** Under the posts' key: a like or a bookmark made on a card of the results updates it there too. */
export const savedSearchPostsKey = (id: number) => [...postsKey, 'saved-search', id] as const;

/**
 * GET /api/saved-searches/{id}/posts: running the search, the listings that match now, newest first.
 * The first page marks it seen on the server: its 'new' count in the list goes back to 0.
 */
export function useSavedSearchPosts(id: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: savedSearchPostsKey(id),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await http.request(`/saved-searches/${id}/posts`, {
        query: { cursor: pageParam, per_page: LIMITS.postsPerPage },
        schema: savedSearchPostsResult,
        signal,
        toast: 'none',
      });
      if (pageParam === undefined) {
        editSavedSearches(queryClient, (searches) =>
          searches.map((search) => (search.id === id ? data.saved_search : search)),
        );
      }
      return { posts: data.posts, next_cursor: data.next_cursor };
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
