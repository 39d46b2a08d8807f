import { verificationQueue } from '@makan/contract/verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchPrivateFile, http } from '../../../lib/http.ts';
import { moderationKey } from './queue.ts';

export const verificationsKey = [...moderationKey, 'verifications'] as const;

/** GET /api/admin/verifications: pending company verifications, oldest first (staff only). */
export function useVerificationQueue() {
  return useQuery({
    queryKey: verificationsKey,
    queryFn: async ({ signal }) =>
      (await http.request('/admin/verifications', { signal, schema: verificationQueue, toast: 'none' })).data
        .items,
  });
}

/** What approving and refusing answer: the message says it; the data is not read. */
const anyData = z.unknown();

/** POST /api/admin/verifications/{id}/approve (no body). */
export function useApproveVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.request(`/admin/verifications/${id}/approve`, { method: 'POST', schema: anyData, toast: 'none' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}

/** POST /api/admin/verifications/{id}/refuse {reason}. */
export function useRefuseVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      http.request(`/admin/verifications/${id}/refuse`, {
        method: 'POST',
        body: { reason },
        schema: anyData,
        toast: 'none',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}

/**
 * The document of a request, fetched with the session's token (its URL answers staff only, so it
 * cannot be a plain link) and returned as a blob URL the caller revokes.
 */
export async function fetchDocument(url: string): Promise<string> {
  return URL.createObjectURL(await (await fetchPrivateFile(url)).blob());
}
