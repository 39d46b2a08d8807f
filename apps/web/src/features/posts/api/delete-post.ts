import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { nothing } from '../../../lib/read.ts';
import { postsKey, removeCachedPost } from './post-cache.ts';

/** DELETE /api/posts/{id} (owner only; the spec's POST /{id} does the same). */
export function deletePost(id: number) {
  return http.request(`/posts/${id}`, { method: 'DELETE', schema: nothing, toast: 'none' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_result, id) => {
      removeCachedPost(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: postsKey, refetchType: 'none' });
    },
  });
}
