import { type ReportRequest, reportCreated } from '@makan/contract/moderation';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /api/reports: the form says what failed (a field, a duplicate, own content), so no toast here. */
function createReport(body: ReportRequest) {
  return http.request('/reports', { method: 'POST', body, schema: reportCreated, toast: 'none' });
}

/** Reports a post, comment, message or account. Nothing cached changes: moderators see it in their queue. */
export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
