import { CURRENCIES, LISTING_PURPOSES, LISTING_STATUSES } from '@makan/contract/listing';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { isOneOf } from './checks.ts';
import { cities } from './cities.ts';
import { users } from './users.ts';

/** Read as text, written from SQL (to_tsvector): the app never builds one itself. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A listing (spec §3 Post) with the optional structured fields. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description'),
    propertyType: text('property_type', { enum: PROPERTY_TYPES }).notNull(),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    customLocation: text('custom_location'),
    purpose: text('purpose', { enum: LISTING_PURPOSES }),
    price: numeric('price', { precision: 15, scale: 2, mode: 'number' }),
    currency: text('currency', { enum: CURRENCIES }),
    areaM2: numeric('area_m2', { precision: 12, scale: 2, mode: 'number' }),
    status: text('status', { enum: LISTING_STATUSES }),
    licenceNumber: text('licence_number'),
    /** When a moderator checked the licence number against the register (issue 21); an edit of it clears this. */
    licenceCheckedAt: timestamp('licence_checked_at', { withTimezone: true }),
    /**
     * Description, city names (en/ar), type labels (en/ar) and free location, folded by
     * normalizeSearchText, each Arabic word also without its و/ال/وال/بال prefix; see posts.search.ts.
     */
    searchText: text('search_text').notNull().default(''),
    /** to_tsvector('simple', search_text), kept by the repository; searched through the GIN index. */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_user_idx').on(t.userId, t.id),
    index('posts_city_idx').on(t.cityId, t.id),
    index('posts_type_idx').on(t.propertyType, t.id),
    index('posts_search_vector_idx').using('gin', t.searchVector),
    // The ranked feed walks posts by time and scores them from the index alone (posts.feed.ts).
    index('posts_feed_rank_idx').on(t.createdAt, t.id, t.userId, t.propertyType, t.cityId, t.purpose),
    check('posts_property_type_check', isOneOf(t.propertyType, PROPERTY_TYPES)),
    check('posts_purpose_check', isOneOf(t.purpose, LISTING_PURPOSES)),
    check('posts_currency_check', isOneOf(t.currency, CURRENCIES)),
    check('posts_status_check', isOneOf(t.status, LISTING_STATUSES)),
  ],
);

/** Photos of a post: the image store's key names the small and large WebP files. */
export const postMedia = pgTable(
  'post_media',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * The photo's 64-bit difference hash (perceptual: the same picture re-encoded or resized hashes
     * within a few bits), for the duplicate-photo signal; null for a picture too plain to tell.
     */
    phash: bigint('phash', { mode: 'bigint' }),
  },
  (t) => [index('post_media_post_idx').on(t.postId, t.position), uniqueIndex('post_media_key_key').on(t.key)],
);

/** One row per like; counts are counted from here, so they are exact under concurrency. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // "Did the viewer like it?" is answered per user: without this the planner may hash all of a
    // user's likes by scanning every like (240 ms a feed page at 1M posts).
    index('post_likes_user_idx').on(t.userId, t.postId),
  ],
);

/** Bookmarks; `id` orders a user's list newest first (keyset). */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookmarks_post_user_key').on(t.postId, t.userId),
    index('bookmarks_user_idx').on(t.userId, t.id),
  ],
);

/** Comments and replies (parent_id); deleting a comment deletes its replies. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.parentId, t.id),
    index('comments_parent_idx').on(t.parentId, t.id),
  ],
);
