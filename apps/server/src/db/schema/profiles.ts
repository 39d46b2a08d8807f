import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { PURPOSES } from '@makan/contract/purposes';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { allOneOf, isOneOf } from './checks.ts';
import { users } from './users.ts';

/** Completed onboarding answers (spec §4): a purpose, property types and preferred cities. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PURPOSES }).notNull(),
    propertyTypes: text('property_types', { enum: PROPERTY_TYPES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredLocations: integer('preferred_locations').array().notNull().default(sql`'{}'::integer[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The companies directory finds accounts by the cities they chose.
    index('user_preferences_locations_idx').using('gin', t.preferredLocations),
    check('user_preferences_purpose_check', isOneOf(t.purpose, PURPOSES)),
    check('user_preferences_property_types_check', allOneOf(t.propertyTypes, PROPERTY_TYPES)),
  ],
);

/** Answers given so far, kept across reloads until onboarding completes. */
export const onboardingProgress = pgTable('onboarding_progress', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: integer('step').notNull().default(1),
  answers: jsonb('answers').notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Who follows whom; counts are derived from this table, so they are exact under concurrency. */
export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.followerId),
  ],
);

/**
 * Who blocked whom (issue 21). Either way, the two never meet: no messages, no follows, neither's
 * posts or comments shown to the other. Read by blocker (the Settings list) and by blocked (what
 * hides a viewer's blockers from them).
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** One row per viewer, profile and day: a profile's views are counted once per viewer per day. */
export const profileViews = pgTable(
  'profile_views',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.viewerId, t.day] }),
    index('profile_views_profile_idx').on(t.profileId),
  ],
);
