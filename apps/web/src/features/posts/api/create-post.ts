import { postSchema } from '@makan/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './post-cache.ts';

export interface CreatePostInput {
  /** The text fields, already checked with the contract's `createPostFields`. */
  fields: Record<string, string | number | undefined>;
  photos: readonly File[];
  onUploadProgress?: (fraction: number) => void;
}

/** POST /api/posts (multipart): text fields plus photos under `media[]`. */
export function createPost({ fields, photos, onUploadProgress }: CreatePostInput) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') body.append(name, String(value));
  }
  for (const photo of photos) body.append('media[]', photo, photo.name);
  return http.request('/posts', {
    method: 'POST',
    body,
    schema: postSchema,
    toast: 'none',
    ...(onUploadProgress ? { onUploadProgress } : {}),
  });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}
