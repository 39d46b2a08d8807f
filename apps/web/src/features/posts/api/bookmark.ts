import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { bookmarksKey } from './bookmarks.ts';
import { editCachedPost, restorePosts, snapshotPosts } from './post-cache.ts';
import { bookmarkReader } from './readers.ts';

/** POST /api/posts/{id}/bookmark: toggles; answers the new flag and count. */
export function toggleBookmark(id: number) {
  return http.request(`/posts/${id}/bookmark`, { method: 'POST', schema: bookmarkReader });
}

/** Optimistic like the like button; the bookmarks list is read again afterwards. */
export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleBookmark,
    scope: { id: 'post-bookmark' },
    onMutate: async (id: number) => {
      const snapshot = await snapshotPosts(queryClient);
      editCachedPost(queryClient, id, (post) => ({
        ...post,
        is_bookmarked: !post.is_bookmarked,
        bookmarks_count: Math.max(0, post.bookmarks_count + (post.is_bookmarked ? -1 : 1)),
      }));
      return snapshot;
    },
    onError: (_error, _id, snapshot) => restorePosts(queryClient, snapshot),
    onSuccess: ({ data }, id) => editCachedPost(queryClient, id, (post) => ({ ...post, ...data })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksKey, refetchType: 'none' }),
  });
}
