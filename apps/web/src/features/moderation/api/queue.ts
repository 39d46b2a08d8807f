import { type QueueKind, reportQueue } from '@makan/contract/moderation';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Every query of the console starts with this key: an action reads them all again. */
export const moderationKey = ['moderation'] as const;
export const queueKey = (kind: QueueKind) => [...moderationKey, 'queue', kind] as const;

/**
 * GET /api/admin/reports?kind=…: open reports grouped by target, most reported first, then oldest;
 * members' reports (`reports`) or the server's own signals (`signals`).
 */
export function useReportQueue(kind: QueueKind) {
  return useQuery({
    queryKey: queueKey(kind),
    queryFn: async ({ signal }) =>
      (await http.request('/admin/reports', { signal, query: { kind }, schema: reportQueue, toast: 'none' }))
        .data.items,
  });
}
