import { moderatorsList } from '@makan/contract/moderation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { moderationKey } from './queue.ts';

export const moderatorsKey = [...moderationKey, 'moderators'] as const;

/** GET /api/admin/moderators: who moderates (admins included). */
export function useModerators() {
  return useQuery({
    queryKey: moderatorsKey,
    queryFn: async ({ signal }) =>
      (await http.request('/admin/moderators', { signal, schema: moderatorsList, toast: 'none' })).data.users,
  });
}

/** What granting and revoking answer: the message says it; the data is not read. */
const anyData = z.unknown();

/** POST /api/admin/moderators {email} (admins only). */
export function useGrantModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      http.request('/admin/moderators', { method: 'POST', body: { email }, schema: anyData, toast: 'none' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}

/** DELETE /api/admin/moderators/{id} (admins only). */
export function useRevokeModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.request(`/admin/moderators/${id}`, { method: 'DELETE', schema: anyData, toast: 'none' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}
