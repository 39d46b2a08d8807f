import type { FeedResult, Post } from '@makan/contract/posts';
import { type InfiniteData, type Query, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './post-cache.ts';
import { postReader } from './readers.ts';

/** The home feed in either order, without filters: where a post just written belongs on top. */
function isHomeFeed({ queryKey }: Pick<Query, 'queryKey'>): boolean {
  const [, kind, filters] = queryKey;
  return (
    kind === 'feed' &&
    typeof filters === 'object' &&
    filters !== null &&
    Object.entries(filters).every(([key, value]) => key === 'order' || value === undefined)
  );
}

/** `data` with `post` first on its first page (once). */
function withNewPost(data: InfiniteData<FeedResult>, post: Post): InfiniteData<FeedResult> {
  const [first, ...rest] = data.pages;
  if (!first || data.pages.some((page) => page.posts.some((p) => p.id === post.id))) return data;
  return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
}

export interface CreatePostInput {
  /** The text fields, already checked with the contract's `createPostFields`. */
  fields: Record<string, string | number | undefined>;
  photos: readonly File[];
  onUploadProgress?: (fraction: number) => void;
  /** One per post being written, the same on every retry of it (the server stores it once). */
  idempotencyKey?: string;
}

/** POST /api/posts (multipart): text fields plus photos under `media[]`. */
export function createPost({ fields, photos, onUploadProgress, idempotencyKey }: CreatePostInput) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') body.append(name, String(value));
  }
  for (const photo of photos) body.append('media[]', photo, photo.name);
  return http.request('/posts', {
    method: 'POST',
    body,
    schema: postReader,
    toast: 'none',
    ...(onUploadProgress ? { onUploadProgress } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: async ({ data: post }) => {
      // Your new post goes on top of the home feed at once, in both orders. Ranked, it would not
      // always come first (posts boosted for you can outrank it), yet it should be seen where it
      // was written; the pages already read stay as they are (their cursors still hold), and the
      // next refresh asks the server again.
      queryClient.setQueriesData<InfiniteData<FeedResult>>(
        { queryKey: postsKey, predicate: isHomeFeed },
        (old) => (old ? withNewPost(old, post) : old),
      );
      await queryClient.invalidateQueries({ queryKey: postsKey, predicate: (query) => !isHomeFeed(query) });
      await queryClient.invalidateQueries({ queryKey: postsKey, predicate: isHomeFeed, refetchType: 'none' });
    },
  });
}
