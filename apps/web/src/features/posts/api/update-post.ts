import type { UpdatePostRequest } from '@makan/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { editCachedPost } from './post-cache.ts';
import { postReader } from './readers.ts';

/** PUT /api/posts/{id} (owner only, JSON): null clears an optional field; answers the whole post. */
export function updatePost(id: number, body: UpdatePostRequest) {
  return http.request(`/posts/${id}`, { method: 'PUT', body, schema: postReader, toast: 'none' });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePostRequest }) => updatePost(id, body),
    // The answer is the post as stored: every cached copy (feeds, bookmarks, search, the post page) takes it.
    onSuccess: ({ data }) => editCachedPost(queryClient, data.id, () => data),
  });
}
