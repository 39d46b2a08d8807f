import { actionResult, type LicenceItem, licenceQueue } from '@makan/contract/moderation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { moderationKey } from './queue.ts';

export const licencesKey = [...moderationKey, 'licences'] as const;

/** GET /api/admin/licences: listings with a licence number not yet checked, oldest first (staff only). */
export function useLicenceQueue() {
  return useQuery({
    queryKey: licencesKey,
    queryFn: async ({ signal }) =>
      (await http.request('/admin/licences', { signal, schema: licenceQueue, toast: 'none' })).data.items,
  });
}

/**
 * POST /api/admin/posts/{id}/licence {checked}: a moderator checked the number against the authority's
 * register (or takes the check back). A checked licence leaves the list at once; the console (its
 * audit log too) is then read again.
 */
export function useCheckLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, checked }: { postId: number; checked: boolean }) =>
      http.request(`/admin/posts/${postId}/licence`, {
        method: 'POST',
        body: { checked },
        schema: actionResult,
        toast: 'none',
      }),
    onSuccess: (_result, { postId, checked }) => {
      if (checked)
        queryClient.setQueryData<LicenceItem[]>(licencesKey, (items) =>
          items?.filter((item) => item.post_id !== postId),
        );
    },
    // A failure too: a listing whose number was removed since (422) leaves the list as well.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}
