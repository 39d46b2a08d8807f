import { DATA_EXPORT_STATUSES } from '@makan/contract/account';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { isOneOf } from './checks.ts';
import { users } from './users.ts';

/**
 * A copy of a user's data asked for in Settings (issue 20): a durable job. Background workers claim
 * pending rows (`for update skip locked`), so a restart or a second process picks up what was left;
 * a claim older than the stale limit is taken again. The archive is a file named by `file_key`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    /** Random, unguessable: the archive's file name and the download link's last part. */
    fileKey: text('file_key').notNull(),
    fileSize: integer('file_size'),
    attempts: integer('attempts').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Ready archives: after this the link answers 410 and housekeeping deletes the file. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('data_exports_file_key').on(t.fileKey),
    index('data_exports_user_idx').on(t.userId, t.id),
    // One archive in preparation per user.
    uniqueIndex('data_exports_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('data_exports_pending_idx').on(t.requestedAt).where(sql`${t.status} = 'pending'`),
    check('data_exports_status_check', isOneOf(t.status, DATA_EXPORT_STATUSES)),
  ],
);
