import { z } from 'zod';
import { formatText, TEXT } from './texts.ts';
import { ROLES, USER_TYPES } from './user-types.ts';

/**
 * Trust and safety (issue 21): reports by members, moderators who act on them, an audit log nobody
 * can edit. Roles: every account is a member; moderators work the queue; admins also grant and
 * revoke moderator (the first admin is made from the command line: `npm run admin -- grant <email>`).
 */

export { ROLES, type Role } from './user-types.ts';

/** A suspension for good is stored as this date: past it, nothing in the product is dated. */
export const SUSPENDED_FOREVER = '9999-12-31T00:00:00.000Z';

/** What can be reported. */
export const REPORT_TARGETS = ['post', 'comment', 'message', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Why, in the words of a property marketplace (labels in the web's locales: `reports.reasons.*`). */
export const REPORT_REASONS = [
  'fraud',
  'misleading',
  'wrong_details',
  'unavailable',
  'duplicate',
  'harassment',
  'spam',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Signals: reports the server files itself (no reporter), in the console's Signals queue. A new
 * account posting many listings; a listing whose photo is the same as another account's listing
 * (perceptual hash). Labels in the web's locales: `admin.signals.*`.
 */
export const SIGNAL_REASONS = ['new_account_burst', 'duplicate_photo'] as const;
export type SignalReason = (typeof SIGNAL_REASONS)[number];
/** Every reason a queue line can carry: the members' and the signals'. */
export const QUEUE_REASONS = [...REPORT_REASONS, ...SIGNAL_REASONS] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const SIGNALS = {
  /** An account is new for this many days. */
  newAccountDays: 7,
  /** A new account posting this many listings within `burstHours` is flagged. */
  burstListings: 5,
  burstHours: 24,
  /**
   * Two photos are the same when their 64-bit difference hashes differ in at most this many bits
   * (the same picture re-encoded, resized or lightly edited).
   */
  photoDistanceMax: 6,
} as const;

/** The console's queues: members' reports, or the server's own signals. */
export const QUEUE_KINDS = ['reports', 'signals'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];
export const queueQuery = z.object({ kind: z.enum(QUEUE_KINDS).default('reports') });

export const REPORT_DETAILS_MAX = 500;
/** Messages before and after a reported message kept as evidence (seen by moderators only). */
export const REPORT_EVIDENCE_AROUND = 5;

/** POST /api/reports. `details` is required when the reason is 'other'. */
export const reportRequest = z
  .object({
    target_type: z.enum(REPORT_TARGETS, { error: TEXT.required }),
    target_id: z.number({ error: TEXT.required }).int().positive(),
    reason: z.enum(REPORT_REASONS, { error: TEXT.reportReasonRequired }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, formatText(TEXT.maxLength, { length: REPORT_DETAILS_MAX }))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.details) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: TEXT.reportDetailsRequired });
    }
  });
export type ReportRequest = z.input<typeof reportRequest>;

export const reportCreated = z.object({ id: z.number().int() });

/** A person as the console shows them. */
export const moderationUser = z.object({
  id: z.number().int(),
  name: z.string(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  /** Until when the account is suspended (null: not suspended, or for good: see `suspended_forever`). */
  suspended_until: z.string().nullable(),
  suspended_forever: z.boolean(),
});
export type ModerationUser = z.infer<typeof moderationUser>;

/** What was reported, as the console shows it in context. */
export const reportedContent = z.object({
  type: z.enum(REPORT_TARGETS),
  id: z.number().int(),
  /** Gone: removed by a moderator or by its author since. */
  exists: z.boolean(),
  /** The words of the post, comment or message (the name and bio for a user). */
  text: z.string().nullable(),
  /** For a comment: its post; for a message: its conversation. */
  parent_id: z.number().int().nullable(),
  /** The first photo of a post. */
  image_url: z.string().nullable(),
  created_at: z.string().nullable(),
});

/** A message kept as evidence with a report of a message. */
export const evidenceMessage = z.object({
  id: z.number().int(),
  sender_id: z.number().int().nullable(),
  sender_name: z.string().nullable(),
  content: z.string().nullable(),
  created_at: z.string(),
  /** The reported message itself. */
  reported: z.boolean(),
});

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

export const reportSchema = z.object({
  id: z.number().int(),
  /** Null for a signal (and for a reporter whose account is gone). */
  reporter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.enum(QUEUE_REASONS),
  /** A signal: the server filed it. */
  signal: z.boolean(),
  details: z.string().nullable(),
  /** A signal's listings: the other listings with the same photo, or the new account's listings. */
  related_post_ids: z.array(z.number().int()),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  evidence: z.array(evidenceMessage).nullable(),
});

/** One line of the queue: the open reports of one target, counted. */
export const queueItem = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number().int(),
  /** Open reports, each by a different member. */
  reports_count: z.number().int(),
  reasons: z.array(z.enum(QUEUE_REASONS)),
  first_reported_at: z.string(),
  author: moderationUser.nullable(),
  content: reportedContent,
});
export type QueueItem = z.infer<typeof queueItem>;

/** GET /api/admin/reports: open reports grouped by target; most reported first, then oldest. */
export const reportQueue = z.object({ items: z.array(queueItem) });

/** GET /api/admin/reports/{type}/{id}: one target with every report of it (open or not). */
export const reportCase = queueItem.extend({ reports: z.array(reportSchema) });

export const targetParams = z.object({
  type: z.enum(REPORT_TARGETS),
  id: z.coerce.number().int().positive(),
});

/** A moderator's action always says why (shown to the author for a removal, a warning, a suspension). */
const reasonField = z
  .string({ error: TEXT.moderationReasonRequired })
  .trim()
  .min(1, TEXT.moderationReasonRequired)
  .max(REPORT_DETAILS_MAX, formatText(TEXT.maxLength, { length: REPORT_DETAILS_MAX }));

export const moderationReason = z.object({ reason: reasonField });

/** Dismissing reports: a note is optional (nobody but moderators reads it). */
export const dismissRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, formatText(TEXT.maxLength, { length: REPORT_DETAILS_MAX }))
    .optional(),
});

/** An admin makes a member a moderator by their account's email. */
export const grantModeratorRequest = z.object({
  email: z.string({ error: TEXT.required }).trim().toLowerCase().min(1, TEXT.required),
});

/** The longest suspension in days; longer is for good. */
export const SUSPEND_DAYS_MAX = 3650;

/** Suspension: for a number of days, or for good. */
export const suspendRequest = z
  .object({
    reason: reasonField,
    days: z
      .number({ error: TEXT.suspendDays })
      .int({ error: TEXT.suspendDays })
      .min(1, TEXT.suspendDays)
      .max(SUSPEND_DAYS_MAX, TEXT.suspendDays)
      .optional(),
    forever: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    // Either a number of days or for good: never both, never neither.
    if (value.forever ? value.days !== undefined : value.days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: TEXT.suspendDays });
    }
  });
export type SuspendRequest = z.input<typeof suspendRequest>;

export const MODERATION_ACTIONS = [
  'dismiss',
  'remove',
  'warn',
  'suspend',
  'restore',
  'grant_moderator',
  'revoke_moderator',
  'grant_admin',
  'approve_verification',
  'refuse_verification',
  'check_licence',
  'uncheck_licence',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** One line of the audit log: who did what to what, when and why. */
export const auditEntry = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  moderator: z.object({ id: z.number().int().nullable(), name: z.string() }),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number().int(),
  target_user_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  action: z.enum(MODERATION_ACTIONS).optional(),
  moderator_id: z.coerce.number().int().positive().optional(),
  target_user_id: z.coerce.number().int().positive().optional(),
  /** The last id of the previous page (newest first). */
  cursor: z.coerce.number().int().positive().optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export const auditPage = z.object({ entries: z.array(auditEntry), next_cursor: z.number().int().nullable() });

/** The result of an action: the case as it is now. */
export const actionResult = z.object({ action_id: z.number().int() });

/** GET /api/admin/me: the caller's role (the web shows /admin to moderators and admins only). */
export const roleResult = z.object({ role: z.enum(ROLES) });

export const moderatorsList = z.object({ users: z.array(moderationUser) });

/**
 * Advertising licences (REGA in Saudi Arabia, Trakheesi in Dubai): a listing's licence number,
 * checked by a moderator against the authority's register; the listing then shows it as checked.
 * Editing the number clears the check.
 */
export const licenceItem = z.object({
  post_id: z.number().int(),
  licence_number: z.string(),
  checked: z.boolean(),
  author: moderationUser.nullable(),
  content: reportedContent,
});
export type LicenceItem = z.infer<typeof licenceItem>;
/** GET /api/admin/licences: listings with a licence number not yet checked, oldest first. */
export const licenceQueue = z.object({ items: z.array(licenceItem) });
/** POST /api/admin/posts/{id}/licence. */
export const licenceCheckRequest = z.object({ checked: z.boolean({ error: TEXT.required }) });
