import type { Notification, notificationsPage } from '@makan/contract/notifications';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { setNewerData } from '../../../lib/newer-data.ts';

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

/** The cached form of a count (never below zero, whatever a late decrement says). */
const unreadCount = (unread: number): UnreadCount => ({ unread_count: Math.max(0, unread) });

/** The count as it is now (a live event, a change's answer): over any read of it still on its way. */
export function setUnreadCount(queryClient: QueryClient, unread: number) {
  setNewerData<UnreadCount>(queryClient, unreadCountKey, unreadCount(unread));
}

/**
 * The count a page of the list carried, read from `askedAt` on: taken unless the count changed since
 * (a live event that crossed this read is newer than what it answers).
 */
export function setUnreadCountFromRead(queryClient: QueryClient, unread: number, askedAt: number) {
  if ((queryClient.getQueryState(unreadCountKey)?.dataUpdatedAt ?? 0) > askedAt) return;
  queryClient.setQueryData<UnreadCount>(unreadCountKey, unreadCount(unread));
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

/** Whether `a` comes before `b` in the list: the server's order, newest activity first, then newest id. */
function comesBefore(a: Notification, b: Notification): boolean {
  return a.updated_at !== b.updated_at ? a.updated_at > b.updated_at : a.id > b.id;
}

/**
 * A notification new or updated (someone joined its group): out of wherever it was, and in at its place
 * in the server's order (newest activity first), which is the top unless a later one has already come:
 * two events sent at once may arrive in either order. Past the last row held, while more pages follow,
 * it is left for the page that holds it (keyset cursors name the last row of each page, so the pages
 * already held stay where they were).
 */
export function putInPlace(queryClient: QueryClient, notification: Notification) {
  setNewerData<NotificationsPages>(queryClient, notificationsListKey, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.filter((held) => held.id !== notification.id),
    }));
    // The first row held that it comes before; else, when no page follows, the end of the last.
    let target = pages.length - 1;
    let index = pages[target]?.next_cursor === null ? (pages[target]?.notifications.length ?? -1) : -1;
    for (const [at, page] of pages.entries()) {
      const before = page.notifications.findIndex((held) => comesBefore(notification, held));
      if (before !== -1) {
        [target, index] = [at, before];
        break;
      }
    }
    const page = pages[target];
    if (page && index !== -1) {
      const notifications = [...page.notifications];
      notifications.splice(index, 0, notification);
      pages[target] = { ...page, notifications };
    }
    return { ...data, pages };
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
