import type { Notification } from '@makan/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import {
  editCachedNotifications,
  type NotificationsSnapshot,
  notificationsKey,
  restoreNotifications,
  setUnreadCount,
  snapshotNotifications,
  type UnreadCount,
  unreadCountKey,
} from './notification-cache.ts';
import { notificationReader } from './readers.ts';

/** POST /api/notifications/{id}/read: the notification, read (404 when it is not the caller's). */
export function markNotificationRead(id: number) {
  return http.request(`/notifications/${id}/read`, {
    method: 'POST',
    schema: notificationReader,
    toast: 'none',
  });
}

/**
 * Opening a notification reads it at once (the dot goes, the badge counts one less) while the app
 * moves on to where it leads; the server's answer replaces it, and a failure puts both back and reads
 * the list again (it may have gone meanwhile). The reader is on another page by then: no toast.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: async (notification): Promise<NotificationsSnapshot> => {
      const snapshot = await snapshotNotifications(queryClient);
      editCachedNotifications(queryClient, (held) =>
        held.id === notification.id ? { ...held, read: true } : held,
      );
      const count = queryClient.getQueryData<UnreadCount>(unreadCountKey);
      if (count && !notification.read) setUnreadCount(queryClient, count.unread_count - 1);
      return snapshot;
    },
    onError: (_error, _notification, snapshot) => {
      restoreNotifications(queryClient, snapshot);
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
    onSuccess: ({ data }) =>
      editCachedNotifications(queryClient, (held) => (held.id === data.id ? data : held)),
  });
}
