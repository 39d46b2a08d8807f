import { MODERATION_OUTCOMES, NOTIFICATION_KINDS, PREFERENCE_KINDS } from '@makan/contract/notifications';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { authTokens } from './auth.ts';
import { conversations } from './chat.ts';
import { isOneOf } from './checks.ts';
import { comments, posts } from './posts.ts';
import { users } from './users.ts';

/**
 * What a user is told (issue 22), one row per recipient and group: while unread, a like, a comment,
 * a follow or a message joins the unread row of its group (`group_key`, e.g. 'like:post:12'), whose
 * people are in notification_actors. Once read, the next one starts a new row. What it is about
 * goes with it: deleting the listing, comment or conversation deletes its notifications.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    groupKey: text('group_key').notNull(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    excerpt: text('excerpt'),
    outcome: text('outcome', { enum: MODERATION_OUTCOMES }),
    /** A bookmarked listing's change (kind 'listing'): { field, from, to, currency }. */
    change: jsonb('change'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_unread_group').on(t.recipientId, t.groupKey).where(sql`${t.readAt} is null`),
    index('notifications_recipient_order').on(t.recipientId, t.updatedAt, t.id),
    // The email digest looks for recent unread notifications (issue 22).
    index('notifications_unread_recent').on(t.updatedAt).where(sql`${t.readAt} is null`),
    check('notifications_kind_check', isOneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_outcome_check', isOneOf(t.outcome, MODERATION_OUTCOMES)),
  ],
);

/** The people of a grouped notification; `event_id` is the event that last brought each one. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_actor_idx').on(t.actorId),
  ],
);

/**
 * The durable queue of what happened and may notify someone: written after the action, processed
 * off the request path by every process (claimed with SKIP LOCKED), each event in one transaction
 * with the notifications it writes and its own deletion: a process killed mid-way leaves the event
 * to be processed again, and nothing of it was written. `run_at` delays an event (a message
 * notifies only if still unread a few seconds later).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    actorId: integer('actor_id'),
    recipientId: integer('recipient_id'),
    postId: integer('post_id'),
    commentId: integer('comment_id'),
    conversationId: integer('conversation_id'),
    payload: jsonb('payload'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('notification_events_due_idx').on(t.runAt, t.id),
    // A listing's matching against saved searches waits once (issue 23): a second change before it ran adds nothing.
    index('notification_events_match_idx')
      .on(t.postId)
      .where(sql`${t.kind} = 'match' and ${t.claimedUntil} is null`),
  ],
);

/** A user's switches per kind and channel; a kind without a row has the contract's defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PREFERENCE_KINDS }).notNull(),
    inApp: boolean('in_app').notNull(),
    push: boolean('push').notNull().default(false),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', isOneOf(t.kind, PREFERENCE_KINDS)),
  ],
);

/**
 * A device that accepts web pushes (issue 22): one row per push endpoint (the browser's, for that
 * device); the same endpoint subscribed again (or by another account on the same device) replaces
 * it. Pruned when the push service answers 404 or 410. It belongs to the session that subscribed
 * it: a device signed out (or every device, by 'sign out everywhere', a password reset, a
 * suspension) is pushed nothing more, and goes with its session's row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => authTokens.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user').on(t.userId),
    index('push_subscriptions_session').on(t.sessionId),
  ],
);

/**
 * Pushes to send, written in the same transaction as the notification they announce and deleted
 * once handed to every push service of the recipient's devices: a process killed between the two
 * leaves them to be sent by another (claimed with SKIP LOCKED, a lease like the events').
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // A notification's pushes, in order: the one waiting to be joined (queuePush), the older one a
  // newer push waits for (claim), and the cascade when a notification goes.
  (t) => [index('push_deliveries_notification_idx').on(t.notificationId, t.id)],
);

/**
 * Who a listing or a comment names with `@name` (issue 22): kept so an edit notifies only the
 * people newly named, and so a mention can link to its profile. A comment's row also has its post.
 */
export const mentions = pgTable(
  'mentions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mentions_post_user').on(t.postId, t.userId).where(sql`${t.commentId} is null`),
    uniqueIndex('mentions_comment_user').on(t.commentId, t.userId).where(sql`${t.commentId} is not null`),
    index('mentions_user_idx').on(t.userId),
  ],
);
