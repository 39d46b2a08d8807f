import { LIMITS } from '@makan/contract/limits';
import { profilesListResult } from '@makan/contract/profiles';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { profileListsKey } from '../../../lib/query-keys.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** Under the shared lists key, so a follow anywhere updates these rows too. */
export const companiesKey = (q: string, signedIn: boolean) =>
  [...profileListsKey, 'all', { type: 'developer', q, signedIn }] as const;

/**
 * GET /api/profiles-list/all?type=developer: developer accounts are the companies (public; with a
 * token, `is_following` is filled in). Keyset pages: `next_cursor` is the next page's `cursor`.
 */
export async function fetchCompanies(
  { q, cursor }: { q: string; cursor: number | undefined },
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request('/profiles-list/all', {
    query: { type: 'developer', q: q || undefined, cursor, per_page: LIMITS.profilesPerPage },
    schema: profilesListResult,
    signal,
    toast: 'none',
  });
  return data;
}

/** `q` should already be debounced; the previous results stay on screen while a new search loads. */
export function useCompanies(q: string) {
  const signedIn = useSignedIn();
  return useInfiniteQuery({
    queryKey: companiesKey(q, signedIn),
    queryFn: ({ pageParam, signal }) => fetchCompanies({ q, cursor: pageParam }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
