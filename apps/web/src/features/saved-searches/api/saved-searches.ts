import type { SavedSearch, SavedSearchesResult } from '@makan/contract/saved-searches';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { savedSearchesContract } from '../contract.ts';

/** The signed-in user's saved searches (newest first), with the limit. */
export const savedSearchesKey = ['saved-searches'] as const;

/** GET /api/saved-searches: every saved search of the user (at most SAVED_SEARCHES_MAX), newest first. */
export async function fetchSavedSearches({ signal }: { signal?: AbortSignal } = {}) {
  const { savedSearchesResult } = await savedSearchesContract.get();
  const { data } = await http.request('/saved-searches', {
    schema: savedSearchesResult,
    signal,
    toast: 'none',
  });
  return data;
}

export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchesKey, queryFn: ({ signal }) => fetchSavedSearches({ signal }) });
}

/** Applies `edit` to the cached list (nothing when it is not cached). */
export function editSavedSearches(
  queryClient: QueryClient,
  edit: (searches: SavedSearch[]) => SavedSearch[],
): void {
  queryClient.setQueryData<SavedSearchesResult>(savedSearchesKey, (old) =>
    old ? { ...old, saved_searches: edit(old.saved_searches) } : old,
  );
}

/** The cached list as it is now, to put back when an optimistic change fails. */
export async function snapshotSavedSearches(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: savedSearchesKey });
  return queryClient.getQueryData<SavedSearchesResult>(savedSearchesKey);
}

export function restoreSavedSearches(queryClient: QueryClient, snapshot: SavedSearchesResult | undefined) {
  if (snapshot) queryClient.setQueryData(savedSearchesKey, snapshot);
}
