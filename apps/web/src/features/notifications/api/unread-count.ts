import { unreadCountSchema } from '@makan/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { unreadCountKey } from './notification-cache.ts';

/** GET /api/notifications/unread-count. */
export async function fetchUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/notifications/unread-count', {
    schema: unreadCountSchema,
    signal,
    toast: 'none',
  });
  return data;
}

/**
 * The bell's number while someone is signed in. The socket's NotificationsChanged sets it as it
 * changes; it is asked again when the window gets the focus back (the app's default is not to) and
 * after every reconnect (components/notifications-live.tsx).
 */
export function useUnreadNotifications(signedIn: boolean) {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => fetchUnreadCount({ signal }),
    enabled: signedIn,
    refetchOnWindowFocus: true,
    select: (data) => data.unread_count,
  });
}
