import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { editCachedPost, restorePosts, snapshotPosts } from './post-cache.ts';
import { likeReader } from './readers.ts';

/** POST /api/posts/{id}/like: toggles; answers the new flag and count. */
export function toggleLike(id: number) {
  return http.request(`/posts/${id}/like`, { method: 'POST', schema: likeReader });
}

/** Spec §4: the flag and the count change at once; the server's answer replaces them; a failure rolls back. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLike,
    scope: { id: 'post-like' },
    onMutate: async (id: number) => {
      const snapshot = await snapshotPosts(queryClient);
      editCachedPost(queryClient, id, (post) => ({
        ...post,
        is_liked: !post.is_liked,
        likes_count: Math.max(0, post.likes_count + (post.is_liked ? -1 : 1)),
      }));
      return snapshot;
    },
    onError: (_error, _id, snapshot) => restorePosts(queryClient, snapshot),
    onSuccess: ({ data }, id) => editCachedPost(queryClient, id, (post) => ({ ...post, ...data })),
  });
}
