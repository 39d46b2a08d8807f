import {
  MODERATION_ACTIONS,
  QUEUE_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from '@makan/contract/moderation';
import { VERIFICATION_DOCUMENT_TYPES, VERIFICATION_STATUSES } from '@makan/contract/verification';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { isOneOf } from './checks.ts';
import { users } from './users.ts';

/**
 * A member's report of a post, comment, message or user (issue 21): one per reporter and target.
 * `target_user_id` is whose content it is (whom a moderator would warn or suspend).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    /** Null for a signal: a report the server filed itself (`SIGNAL_REASONS`). */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: QUEUE_REASONS }).notNull(),
    details: text('details'),
    /** For a reported message: the messages around it, as they were (moderators only). */
    evidence: jsonb('evidence'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_one_per_reporter').on(t.reporterId, t.targetType, t.targetId),
    // One open signal per target and kind: a second upload of the same photo adds to its evidence.
    uniqueIndex('reports_one_open_signal')
      .on(t.targetType, t.targetId, t.reason)
      .where(sql`${t.reporterId} is null and ${t.status} = 'open'`),
    index('reports_open_idx').on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    check('reports_target_type_check', isOneOf(t.targetType, REPORT_TARGETS)),
    check('reports_reason_check', isOneOf(t.reason, QUEUE_REASONS)),
    check('reports_status_check', isOneOf(t.status, REPORT_STATUSES)),
  ],
);

/**
 * The audit log of moderation: who did what to what, when and why. Rows are only ever inserted: a
 * trigger refuses UPDATE and DELETE (migration 0013), so nobody, the application included, can edit
 * it. No foreign keys: a line outlives the accounts it names (the moderator's name is kept as it was).
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    moderatorId: integer('moderator_id'),
    moderatorName: text('moderator_name').notNull(),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id'),
    reason: text('reason'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('moderation_actions_moderator_idx').on(t.moderatorId, t.id),
    index('moderation_actions_target_user_idx').on(t.targetUserId, t.id),
    check('moderation_actions_action_check', isOneOf(t.action, MODERATION_ACTIONS)),
  ],
);

/**
 * A company's request to be verified (issue 21): its commercial registration number and a document
 * kept privately under DATA_DIR/verification (never under /media), seen by moderators only. At most
 * one pending request per account.
 */
export const companyVerifications = pgTable(
  'company_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registrationNumber: text('registration_number').notNull(),
    documentKey: text('document_key').notNull(),
    documentType: text('document_type', { enum: VERIFICATION_DOCUMENT_TYPES }).notNull(),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_verifications_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('company_verifications_user_idx').on(t.userId, t.id),
    index('company_verifications_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('company_verifications_status_check', isOneOf(t.status, VERIFICATION_STATUSES)),
    check('company_verifications_document_type_check', isOneOf(t.documentType, VERIFICATION_DOCUMENT_TYPES)),
  ],
);
