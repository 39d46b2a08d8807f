import type { CreateSavedSearchRequest, SavedSearchesResult } from '@makan/contract/saved-searches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { savedSearchesContract } from '../contract.ts';
import { savedSearchesKey } from './saved-searches.ts';

/**
 * POST /api/saved-searches: 201 with the saved search (named from its criteria in the user's
 * language when no name is given); 422 with the code savedSearchLimit when SAVED_SEARCHES_MAX exist,
 * or field errors for criteria the contract refuses. The caller says what went wrong.
 */
export async function createSavedSearch(body: CreateSavedSearchRequest) {
  const { savedSearchSchema } = await savedSearchesContract.get();
  return http.request('/saved-searches', { method: 'POST', body, schema: savedSearchSchema, toast: 'none' });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: ({ data }) => {
      // Newest first, as the server lists them; the server's list replaces it on the next read.
      queryClient.setQueryData<SavedSearchesResult>(savedSearchesKey, (old) =>
        old ? { ...old, saved_searches: [data, ...old.saved_searches.filter((s) => s.id !== data.id)] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: savedSearchesKey });
    },
  });
}
