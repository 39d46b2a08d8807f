import { SERVER_EVENTS } from '@makan/contract/realtime-events';
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeSocket } from '../../lib/realtime.ts';
import { notificationsListKey, putInPlace, setUnreadCount } from './api/notification-cache.ts';
import { notificationsChangedReader } from './api/readers.ts';

/**
 * NotificationsChanged (on the user's channel): the unread count now, and the notification new or
 * updated, which goes to its place in the list held (the top, unless a later one came first); none
 * means some were read or taken back, and the list is read again. The payload is read as the
 * contract's schema reads it (api/readers.ts): a malformed one changes nothing.
 */
export function applyNotificationsChanged(queryClient: QueryClient, payload: unknown): void {
  const event = notificationsChangedReader.safeParse(payload);
  if (!event.success) return;
  setUnreadCount(queryClient, event.data.unread_count);
  if (event.data.notification) putInPlace(queryClient, event.data.notification);
  else void queryClient.invalidateQueries({ queryKey: notificationsListKey });
}

/** Listens on the app's one socket (opened by the chat's connection); returns what stops listening. */
export function attachNotifications(socket: RealtimeSocket, queryClient: QueryClient): () => void {
  const handler = (payload: unknown) => applyNotificationsChanged(queryClient, payload);
  socket.on(SERVER_EVENTS.notificationsChanged, handler);
  return () => {
    socket.off(SERVER_EVENTS.notificationsChanged, handler);
  };
}
