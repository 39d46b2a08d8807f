import { reportQueue } from '@makan/contract/moderation';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Every query of the console starts with this key: an action reads them all again. */
export const moderationKey = ['moderation'] as const;
export const queueKey = [...moderationKey, 'queue'] as const;

/** GET /api/admin/reports: open reports grouped by target, most reported first, then oldest. */
export function useReportQueue() {
  return useQuery({
    queryKey: queueKey,
    queryFn: async ({ signal }) =>
      (await http.request('/admin/reports', { signal, schema: reportQueue, toast: 'none' })).data.items,
  });
}
