import type { Notification, notificationsPage } from '@makan/contract/notifications';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';

/** Every query of the notifications starts here: a reconnect reads them all again. */
export const notificationsKey = ['notifications'] as const;
/** The badge's number (GET /api/notifications/unread-count); every page of the list carries it too. */
export const unreadCountKey = [...notificationsKey, 'unread-count'] as const;
/** The list, a keyset page at a time (GET /api/notifications). */
export const notificationsListKey = [...notificationsKey, 'list'] as const;

export type NotificationsPage = z.infer<typeof notificationsPage>;
export type NotificationsPages = InfiniteData<NotificationsPage, string | undefined>;
export interface UnreadCount {
  unread_count: number;
}

export function setUnreadCount(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData<UnreadCount>(unreadCountKey, { unread_count: Math.max(0, unread) });
}

/** Applies `edit` to every notification held in the list (nothing when the list was never loaded). */
export function editCachedNotifications(
  queryClient: QueryClient,
  edit: (notification: Notification) => Notification,
) {
  queryClient.setQueryData<NotificationsPages>(notificationsListKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, notifications: page.notifications.map(edit) })),
        }
      : data,
  );
}

/**
 * A notification new or updated (someone joined its group): at the top of the list, where the server
 * orders it too (newest activity first), and out of wherever it was. Keyset cursors name the last row
 * of each page, so moving a row to the top leaves the next pages where they were.
 */
export function putOnTop(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<NotificationsPages>(notificationsListKey, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.filter((held) => held.id !== notification.id),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest] };
  });
}

export type NotificationsSnapshot = Array<[QueryKey, unknown]>;

/** What an optimistic change may have to put back: the list and the count, with their loads stopped. */
export async function snapshotNotifications(queryClient: QueryClient): Promise<NotificationsSnapshot> {
  await queryClient.cancelQueries({ queryKey: notificationsKey });
  return queryClient.getQueriesData({ queryKey: notificationsKey });
}

export function restoreNotifications(queryClient: QueryClient, snapshot: NotificationsSnapshot | undefined) {
  for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
}
