import { actionResult, type ReportTarget } from '@makan/contract/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { moderationKey } from './queue.ts';

export type CaseAction =
  | { action: 'dismiss'; type: ReportTarget; id: number; body: { reason?: string | undefined } }
  | { action: 'remove'; type: ReportTarget; id: number; body: { reason: string } };

/**
 * POST /api/admin/reports/{type}/{id}/dismiss (a note is optional) or …/remove (a reason is required;
 * the author is told it by email). The dialog shows failures itself.
 */
function runCaseAction({ action, type, id, body }: CaseAction) {
  return http.request(`/admin/reports/${type}/${id}/${action}`, {
    method: 'POST',
    body,
    schema: actionResult,
    toast: 'none',
  });
}

/** Dismisses or removes: the queue, the case and the audit log are all read again. */
export function useCaseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCaseAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}
