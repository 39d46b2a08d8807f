import { LIMITS } from '@makan/contract/limits';
import type { FeedCursor } from '@makan/contract/posts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { Message } from '../../../lib/messages.ts';
import { postsKey } from './post-cache.ts';
import { feedReader } from './readers.ts';

export const searchKey = (keyword: string) => [...postsKey, 'search', keyword] as const;

/**
 * Spec §5: the keyword is trimmed, and a blank one is refused ('Search keyword is required') before
 * any request. Returns the contract's message, or null when the keyword is fine: the rule of the
 * contract's `searchQuery.keyword`, without zod (search.test.ts holds the two equal).
 */
export function keywordError(keyword: string): Message | null {
  const trimmed = keyword.trim();
  if (trimmed.length === 0) return { code: 'searchKeywordRequired' };
  if (trimmed.length > LIMITS.searchKeywordMax) {
    return { code: 'maxLength', params: { length: LIMITS.searchKeywordMax } };
  }
  return null;
}

/** GET /api/posts/search?keyword=: ranked results; `next_cursor` is a position in them. */
export async function fetchSearch(
  keyword: string,
  cursor: FeedCursor | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request('/posts/search', {
    query: { keyword: keyword.trim(), cursor, per_page: LIMITS.postsPerPage },
    schema: feedReader,
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
