import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { int, object, type Reader } from '../../../lib/read.ts';
import { unreadCountKey } from './notification-cache.ts';

/**
 * The bell's count as the contract's `unreadCountSchema` reads it, without zod: the bell is in every
 * signed-in page's header, and its first read would otherwise load zod beside the page's own first
 * render (issue 17; unread-count.test.ts holds the two equal).
 */
export const unreadCountReader: Reader<{ unread_count: number }> = object({ unread_count: int });

/** GET /api/notifications/unread-count. */
export async function fetchUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/notifications/unread-count', {
    schema: unreadCountReader,
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
