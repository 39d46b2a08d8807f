import { type ReportTarget, reportCase } from '@makan/contract/moderation';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { moderationKey } from './queue.ts';

export const caseKey = (type: ReportTarget, id: number) => [...moderationKey, 'case', type, id] as const;

/** GET /api/admin/reports/{type}/{id}: one target with every report of it, open or not. */
export function useReportCase(type: ReportTarget, id: number) {
  return useQuery({
    queryKey: caseKey(type, id),
    queryFn: async ({ signal }) =>
      (await http.request(`/admin/reports/${type}/${id}`, { signal, schema: reportCase, toast: 'none' }))
        .data,
  });
}
