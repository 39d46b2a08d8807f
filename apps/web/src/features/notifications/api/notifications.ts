import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificationsListKey, setUnreadCountFromRead } from './notification-cache.ts';
import { notificationsPageReader } from './readers.ts';

const PER_PAGE = 20;

/**
 * GET /api/notifications: newest activity first, a keyset page at a time (`cursor`: the page before's
 * `next_cursor`). Each page carries the unread count, which the bell takes as well.
 */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationsListKey,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ signal, pageParam }) => {
      const askedAt = Date.now();
      const { data } = await http.request('/notifications', {
        signal,
        query: { cursor: pageParam, per_page: PER_PAGE },
        schema: notificationsPageReader,
        toast: 'none',
      });
      setUnreadCountFromRead(queryClient, data.unread_count, askedAt);
      return data;
    },
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}
