/**
 * The kinds of notification, the outcomes a moderation notice tells and the web push paths, without
 * zod: the web reads a live notification with a zod-free reader
 * (apps/web/src/features/notifications/api/readers.ts) and hands a device over for push on every
 * signed-in page; notifications.ts re-exports them.
 */
export const NOTIFICATION_KINDS = [
  'like',
  'comment',
  'reply',
  'follow',
  'message',
  'moderation',
  /** Someone wrote `@name` naming you in a listing or a comment. */
  'mention',
  /** A listing you bookmarked changed its price or its status. */
  'listing',
  /** Someone you follow posted a listing (off unless you turn it on). */
  'post',
  /**
   * A listing now matches one of your saved searches (issue 23): its author is the actor, the
   * search's name the excerpt. Told once per listing; how often is the search's own choice.
   */
  'search',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a moderation notification tells (the reason, when there is one, is its `excerpt`). */
export const MODERATION_OUTCOMES = ['report_handled', 'removed', 'warned', 'restored'] as const;
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number];

/** Web push (issue 22): the server's public VAPID key, and this device's subscription. */
export const PUSH_KEY_PATH = '/api/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';
