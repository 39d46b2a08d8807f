import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { unreadCountKey } from './notification-cache.ts';

/** GET /api/notifications/unread-count. */
export async function fetchUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  // The bell is in every page's header: its schema (and zod) loads with its first read, so signed-out
  // pages never load them (issue 17).
  const { unreadCountSchema } = await import('@makan/contract/notifications');
  const { data } = await http.request('/notifications/unread-count', {
    schema: unreadCountSchema,
    signal,
    toast: 'none',
  });
  return data;
}

/**
 * The bell's number while `enabled` (a signed-in reader's). The socket's NotificationsChanged sets it as it
 * changes; it is asked again after every reconnect (hooks/use-notifications-live.ts) and whenever the
 * window gets the focus back, fresh or not (the app's default is not to: a socket that died quietly
 * would leave the badge wrong).
 */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => fetchUnreadCount({ signal }),
    enabled,
    refetchOnWindowFocus: 'always',
    select: (data) => data.unread_count,
  });
}
