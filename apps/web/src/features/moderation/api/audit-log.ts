import { auditPage, type ModerationAction } from '@makan/contract/moderation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { moderationKey } from './queue.ts';

export interface AuditFilters {
  action?: ModerationAction | undefined;
  moderator_id?: number | undefined;
  target_user_id?: number | undefined;
}

const PER_PAGE = 50;

export const auditKey = (filters: AuditFilters) => [...moderationKey, 'audit', filters] as const;

/** GET /api/admin/audit: newest first, a page at a time (`cursor`: the last id of the page before). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKey(filters),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ signal, pageParam }) =>
      (
        await http.request('/admin/audit', {
          signal,
          query: { ...filters, cursor: pageParam, per_page: PER_PAGE },
          schema: auditPage,
          toast: 'none',
        })
      ).data,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}
