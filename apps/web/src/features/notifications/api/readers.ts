import { MODERATION_OUTCOMES, NOTIFICATION_KINDS } from '@makan/contract/notification-kinds';
import type { Notification, NotificationsChangedEvent } from '@makan/contract/notifications';
import { arrayOf, bool, int, nullable, object, oneOf, picture, type Reader, str } from '../../../lib/read.ts';
import type { NotificationsPage } from './notification-cache.ts';

/**
 * Notifications read without zod (lib/read.ts says why; readers.test.ts holds each equal to the
 * contract's schema of the same name): the bell's live updates reach every signed-in page once it is
 * idle, and they then load no schema library.
 */

export const notificationReader: Reader<Notification> = object({
  id: int,
  kind: oneOf(NOTIFICATION_KINDS),
  actors: arrayOf(object({ id: int, name: str, picture })),
  actors_count: int,
  post_id: nullable(int),
  comment_id: nullable(int),
  conversation_id: nullable(int),
  excerpt: nullable(str),
  outcome: nullable(oneOf(MODERATION_OUTCOMES)),
  change: nullable(
    object({
      field: oneOf(['price', 'status']),
      from: nullable(str),
      to: nullable(str),
      currency: nullable(str),
    }),
  ),
  link: str,
  read: bool,
  created_at: str,
  updated_at: str,
});

export const notificationsPageReader: Reader<NotificationsPage> = object({
  notifications: arrayOf(notificationReader),
  next_cursor: nullable(str),
  unread_count: int,
});

export const notificationsChangedReader: Reader<NotificationsChangedEvent> = object({
  unread_count: int,
  notification: nullable(notificationReader),
});
