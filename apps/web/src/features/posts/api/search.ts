import { LIMITS } from '@makan/contract/limits';
import { type FeedCursor, feedResult, searchQuery } from '@makan/contract/posts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { issueMessage, type Message } from '../../../lib/messages.ts';
import { postsKey } from './post-cache.ts';

export const searchKey = (keyword: string) => [...postsKey, 'search', keyword] as const;

/**
 * Spec §5: the keyword is trimmed, and a blank one is refused ('Search keyword is required') before
 * any request. Returns the contract's message, or null when the keyword is fine.
 */
export function keywordError(keyword: string): Message | null {
  const issue = searchQuery.shape.keyword.safeParse(keyword).error?.issues[0];
  return issue ? issueMessage(issue) : null;
}

/** GET /api/posts/search?keyword=: ranked results; `next_cursor` is a position in them. */
export async function fetchSearch(
  keyword: string,
  cursor: FeedCursor | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request('/posts/search', {
    query: { keyword: keyword.trim(), cursor, per_page: LIMITS.postsPerPage },
    schema: feedResult,
    signal,
    toast: 'none',
  });
  return data;
}

/** Runs only for a keyword that passes `keywordError`. */
export function useSearch(keyword: string) {
  const trimmed = keyword.trim();
  return useInfiniteQuery({
    queryKey: searchKey(trimmed),
    queryFn: ({ pageParam, signal }) => fetchSearch(trimmed, pageParam, { signal }),
    initialPageParam: undefined as FeedCursor | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: keywordError(trimmed) === null,
  });
}
