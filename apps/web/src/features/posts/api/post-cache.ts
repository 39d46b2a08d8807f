import type { Post } from '@makan/contract/posts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { postsKey } from '../../../lib/query-keys.ts';
import { anything, arrayOf, object } from '../../../lib/read.ts';
import { feedReader, postReader } from './readers.ts';

/** Every cached list of posts and every single post lives under this key (shared in lib). */
export { postsKey };

const pagedPosts = object({ pages: arrayOf(feedReader), pageParams: arrayOf(anything) });

/** Applies `edit` to post `id` wherever it is cached (feeds, bookmarks, search, the post page). */
export function editCachedPost(queryClient: QueryClient, id: number, edit: (post: Post) => Post) {
  queryClient.setQueriesData<unknown>({ queryKey: postsKey }, (data: unknown) => {
    const single = postReader.safeParse(data);
    if (single.success) return single.data.id === id ? edit(single.data) : data;
    const paged = pagedPosts.safeParse(data);
    if (paged.success) {
      return {
        ...paged.data,
        pages: paged.data.pages.map((page) => ({
          ...page,
          posts: page.posts.map((post) => (post.id === id ? edit(post) : post)),
        })),
      };
    }
    return data;
  });
}

/** Removes post `id` from every cached list. */
export function removeCachedPost(queryClient: QueryClient, id: number) {
  queryClient.setQueriesData<unknown>({ queryKey: postsKey }, (data: unknown) => {
    const paged = pagedPosts.safeParse(data);
    if (!paged.success) return data;
    return {
      ...paged.data,
      pages: paged.data.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.id !== id) })),
    };
  });
}

export type PostsSnapshot = Array<[QueryKey, unknown]>;

export async function snapshotPosts(queryClient: QueryClient): Promise<PostsSnapshot> {
  await queryClient.cancelQueries({ queryKey: postsKey });
  return queryClient.getQueriesData({ queryKey: postsKey });
}

export function restorePosts(queryClient: QueryClient, snapshot: PostsSnapshot | undefined) {
  for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
}
