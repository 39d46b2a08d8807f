import { LIMITS } from '@makan/contract/limits';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { profilesListReader } from '../../../lib/profile-readers.ts';
import { profileListsKey } from '../../../lib/query-keys.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** Under the shared lists key, so a follow anywhere updates these rows too. */
export const companiesKey = (q: string, signedIn: boolean, verifiedOnly = false) =>
  [...profileListsKey, 'all', { type: 'developer', q, signedIn, verifiedOnly }] as const;

/**
 * GET /api/profiles-list/all?type=developer: developer accounts are the companies (public; with a
 * token, `is_following` is filled in). Keyset pages: `next_cursor` is the next page's `cursor`.
 * `verifiedOnly` keeps the companies staff verified (`verified_company=true`, issue 21).
 */
export async function fetchCompanies(
  { q, cursor, verifiedOnly = false }: { q: string; cursor: number | undefined; verifiedOnly?: boolean },
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request('/profiles-list/all', {
    query: {
      type: 'developer',
      q: q || undefined,
      cursor,
      per_page: LIMITS.profilesPerPage,
      verified_company: verifiedOnly || undefined,
    },
    // Read without zod (lib/profile-readers.ts): the first page renders without waiting for it.
    schema: profilesListReader,
    signal,
    toast: 'none',
  });
  return data;
}

/** `q` should already be debounced; the previous results stay on screen while a new search loads. */
export function useCompanies(q: string, verifiedOnly = false) {
  const signedIn = useSignedIn();
  return useInfiniteQuery({
    queryKey: companiesKey(q, signedIn, verifiedOnly),
    queryFn: ({ pageParam, signal }) => fetchCompanies({ q, cursor: pageParam, verifiedOnly }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
