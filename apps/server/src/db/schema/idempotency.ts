import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A request's Idempotency-Key, claimed by the first request that carries it (per user) before it
 * creates anything; the answer it gave is kept for 24 h and given again to a repeat. `resource_id`
 * is written in the same transaction as what the request created, so a repeat after a node died
 * between that commit and the answer still finds it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The operation (e.g. 'post_create') and a hash of its request: a repeat must match both. */
    scope: text('scope').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the request working on it claimed it: a claim older than the lease is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    resourceId: integer('resource_id'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // Housekeeping deletes keys past their 24 hours.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
