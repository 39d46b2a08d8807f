import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { MODERATION_OUTCOMES, NOTIFICATION_KINDS } from './notification-kinds.ts';

/**
 * Notifications (issue 22): what happened to a user's listings, comments, followers, messages and
 * reports, stored once per recipient and grouped as people expect ('Sara and 3 others liked your
 * listing'). Written after the action, off the request path, by a durable queue; a like taken back
 * before it was seen leaves nothing; one's own actions and blocked users never notify.
 */
export {
  MODERATION_OUTCOMES,
  type ModerationOutcome,
  NOTIFICATION_KINDS,
  type NotificationKind,
  PUSH_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
} from './notification-kinds.ts';

/** The people shown on a grouped notification: the latest few. */
export const NOTIFICATION_ACTORS_SHOWN = 3;
/** A new message notifies only when it is still unread this long after it was sent. */
export const MESSAGE_NOTIFY_DELAY_MS = 10_000;
export const NOTIFICATION_EXCERPT_MAX = 140;

const id = z.number().int();

export const notificationActor = z.object({
  id,
  name: z.string(),
  picture: z.object({ url: z.string() }).nullable(),
});
export type NotificationActor = z.infer<typeof notificationActor>;

/** What changed on a bookmarked listing: its price (as numbers, in `currency`) or its status. */
export const listingChange = z.object({
  field: z.enum(['price', 'status']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  currency: z.string().nullable(),
});
export type ListingChange = z.infer<typeof listingChange>;

export const notificationSchema = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  /** The latest people first, at most NOTIFICATION_ACTORS_SHOWN (none for a moderation notice). */
  actors: z.array(notificationActor),
  /** How many different people in all ('Sara and {actors_count - 1} others'). */
  actors_count: z.number().int(),
  /** What it is about: the listing (like, comment, reply), the comment (comment, reply), the conversation (message). */
  post_id: id.nullable(),
  comment_id: id.nullable(),
  conversation_id: id.nullable(),
  /** The latest comment's or message's first words, or a moderator's reason. */
  excerpt: z.string().nullable(),
  outcome: z.enum(MODERATION_OUTCOMES).nullable(),
  /** A bookmarked listing's change (kind 'listing'): the field and its values before and after. */
  change: listingChange.nullable(),
  /** Where it leads in the app: '/post/12', '/comment/12/34', '/chat/5', '/user/7', '/settings'. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  /** When the last person joined the group: the list's order. */
  updated_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.object({
  /** `next_cursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{13}_\d{1,12}$/)
    .optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export const notificationsPage = z.object({
  notifications: z.array(notificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});
export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export const notificationParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Socket event `NotificationsChanged` on the user's channel, on every process: the unread count now,
 * and the notification new or updated (null when some were read or taken back). A hint: after a
 * reconnect, clients ask GET /api/notifications/unread-count again.
 */
export const notificationsChangedEvent = z.object({
  unread_count: z.number().int(),
  notification: notificationSchema.nullable(),
});
export type NotificationsChangedEvent = z.infer<typeof notificationsChangedEvent>;

/**
 * Preferences (issue 22): per kind and channel. Moderation notices are always shown in the app and
 * already come by email one by one, so they have no switches here.
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const PREFERENCE_KINDS = [
  'like',
  'comment',
  'reply',
  'mention',
  'follow',
  'message',
  'listing',
  'post',
] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/**
 * What a new account gets: everything in the app but new listings of people you follow (a company
 * posting twenty units a day would drown the rest); by push (once the device allows it) and by
 * email, what someone wrote to or about you.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<
  PreferenceKind,
  Record<NotificationChannel, boolean>
> = {
  like: { in_app: true, push: false, email: false },
  comment: { in_app: true, push: true, email: true },
  reply: { in_app: true, push: true, email: true },
  mention: { in_app: true, push: true, email: true },
  follow: { in_app: true, push: false, email: false },
  message: { in_app: true, push: true, email: true },
  listing: { in_app: true, push: true, email: true },
  post: { in_app: false, push: false, email: false },
};

export const notificationPreference = z.object({
  kind: z.enum(PREFERENCE_KINDS),
  in_app: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
});
/** GET /api/notifications/preferences: every kind, in PREFERENCE_KINDS order. */
export const notificationPreferences = z.object({ preferences: z.array(notificationPreference) });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
/** PUT /api/notifications/preferences: the kinds to change (others stay as they are). */
export const notificationPreferencesRequest = z.object({
  preferences: z.array(notificationPreference).min(1).max(PREFERENCE_KINDS.length),
});

/**
 * The email digest: what a user missed, sent once they have been away this long (no open app, last
 * seen this long ago), at most once per `minHoursBetween`. One-click unsubscribe (RFC 8058) turns
 * every email switch off, without signing in.
 */
export const DIGEST = { awayMinutes: 30, minHoursBetween: 4, itemsMax: 10 } as const;
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * Web push (issue 22): the server's VAPID public key, and a device's subscription (one per device:
 * the same endpoint again replaces it). A subscription answered 404/410 by its push service is pruned.
 */
export const pushKeySchema = z.object({ public_key: z.string() });
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .max(200),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .max(100),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;
export const pushUnsubscribeRequest = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) });

/**
 * What the service worker receives in a push (encrypted, RFC 8291): the text already in the
 * recipient's language, where a click leads, and a tag so a newer push of the same group replaces
 * the older one on the device.
 */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  lang: z.enum(LANGUAGES),
});
export type PushPayload = z.infer<typeof pushPayload>;
