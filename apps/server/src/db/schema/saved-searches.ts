import { CURRENCIES, LISTING_PURPOSES } from '@makan/contract/listing';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { SAVED_SEARCH_FREQUENCIES } from '@makan/contract/saved-search-words';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { allOneOf, isOneOf } from './checks.ts';
import { posts } from './posts.ts';
import { users } from './users.ts';

/**
 * A saved search (issue 23): the feed's filters with several types and cities, and the search's
 * keyword (kept as typed, and as the to_tsquery text the search builds from it, so a listing is
 * matched with the search's own folding and prefix rule). Empty arrays and nulls mean 'any'.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyword: text('keyword'),
    /** toTsQuery(keyword) (posts.search.ts); null when there is no keyword. */
    tsQuery: text('ts_query'),
    propertyTypes: text('property_types').array().notNull().default(sql`'{}'::text[]`),
    cityIds: integer('city_ids').array().notNull().default(sql`'{}'::integer[]`),
    purpose: text('purpose', { enum: LISTING_PURPOSES }),
    currency: text('currency', { enum: CURRENCIES }),
    priceMin: numeric('price_min', { precision: 15, scale: 2, mode: 'number' }),
    priceMax: numeric('price_max', { precision: 15, scale: 2, mode: 'number' }),
    areaMin: numeric('area_min', { precision: 12, scale: 2, mode: 'number' }),
    areaMax: numeric('area_max', { precision: 12, scale: 2, mode: 'number' }),
    frequency: text('frequency', { enum: SAVED_SEARCH_FREQUENCIES }).notNull().default('instant'),
    paused: boolean('paused').notNull().default(false),
    /** When its owner last ran it: what 'new since last visit' counts from (created_at before). */
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.id),
    check('saved_searches_purpose_check', isOneOf(t.purpose, LISTING_PURPOSES)),
    check('saved_searches_currency_check', isOneOf(t.currency, CURRENCIES)),
    check('saved_searches_frequency_check', isOneOf(t.frequency, SAVED_SEARCH_FREQUENCIES)),
    check('saved_searches_property_types_check', allOneOf(t.propertyTypes, PROPERTY_TYPES)),
  ],
);

/**
 * Where a listing finds the searches it may match without reading them all: one row per type ×
 * city of a search ('' for any type, 0 for any city, '' for any purpose). A listing looks up the
 * 2 × 2 × 2 combinations of its own values and 'any' in the primary key; the ranges and the
 * keyword are checked on the few rows found.
 */
export const savedSearchSlots = pgTable(
  'saved_search_slots',
  {
    propertyType: text('property_type').notNull(),
    cityId: integer('city_id').notNull(),
    purpose: text('purpose').notNull(),
    searchId: integer('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyType, t.cityId, t.purpose, t.searchId] }),
    index('saved_search_slots_search_idx').on(t.searchId),
  ],
);

/**
 * A listing that matched a search: written once (the key), so a search is told of a listing once
 * however often it changes. `pendingEmail` marks those a daily search still has to send.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    searchId: integer('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    pendingEmail: boolean('pending_email').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.postId] }),
    index('saved_search_matches_new_idx').on(t.searchId, t.matchedAt),
    index('saved_search_matches_post_idx').on(t.postId),
    index('saved_search_matches_pending_idx').on(t.matchedAt).where(sql`${t.pendingEmail}`),
  ],
);

/** When each user's last daily email of saved-search matches went (one turn per day, any process). */
export const savedSearchDigests = pgTable('saved_search_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
