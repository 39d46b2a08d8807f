import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { editSavedSearches, restoreSavedSearches, snapshotSavedSearches } from './saved-searches.ts';

/** DELETE /api/saved-searches/{id}: data null. */
export function deleteSavedSearch(id: number) {
  return http.request(`/saved-searches/${id}`, { method: 'DELETE', schema: z.null(), toast: 'all' });
}

/** Gone from the list at once; back in it when the server refuses. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onMutate: async (id: number) => {
      const snapshot = await snapshotSavedSearches(queryClient);
      editSavedSearches(queryClient, (searches) => searches.filter((search) => search.id !== id));
      return snapshot;
    },
    onError: (_error, _id, snapshot) => restoreSavedSearches(queryClient, snapshot),
  });
}
