import { savedSearchSchema, type UpdateSavedSearchRequest } from '@makan/contract/saved-searches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { editSavedSearches, restoreSavedSearches, snapshotSavedSearches } from './saved-searches.ts';

/** PATCH /api/saved-searches/{id}: rename, pause or resume, change how often; answers the search. */
export function updateSavedSearch(id: number, body: UpdateSavedSearchRequest) {
  return http.request(`/saved-searches/${id}`, {
    method: 'PATCH',
    body,
    schema: savedSearchSchema,
    toast: 'except-validation',
  });
}

/**
 * The change shows at once; the server's answer replaces it, and a failure (its toast says why)
 * puts the list back as it was.
 */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateSavedSearchRequest & { id: number }) => updateSavedSearch(id, body),
    onMutate: async ({ id, ...body }) => {
      const snapshot = await snapshotSavedSearches(queryClient);
      editSavedSearches(queryClient, (searches) =>
        searches.map((search) => (search.id === id ? { ...search, ...body } : search)),
      );
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => restoreSavedSearches(queryClient, snapshot),
    onSuccess: ({ data }) =>
      editSavedSearches(queryClient, (searches) =>
        searches.map((search) => (search.id === data.id ? data : search)),
      ),
  });
}
