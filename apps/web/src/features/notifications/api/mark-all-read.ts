import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import {
  editCachedNotifications,
  type NotificationsSnapshot,
  restoreNotifications,
  setUnreadCount,
  snapshotNotifications,
} from './notification-cache.ts';
import { unreadCountReader } from './unread-count.ts';

/** POST /api/notifications/read-all: { unread_count: 0 }, with the message TEXT.notificationsAllRead. */
export function markAllNotificationsRead() {
  return http.request('/notifications/read-all', { method: 'POST', schema: unreadCountReader });
}

/** Every dot and the badge go at once; a failure (its toast shown by the client) puts them back. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async (): Promise<NotificationsSnapshot> => {
      const snapshot = await snapshotNotifications(queryClient);
      editCachedNotifications(queryClient, (held) => (held.read ? held : { ...held, read: true }));
      setUnreadCount(queryClient, 0);
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => restoreNotifications(queryClient, snapshot),
    onSuccess: ({ data }) => setUnreadCount(queryClient, data.unread_count),
  });
}
