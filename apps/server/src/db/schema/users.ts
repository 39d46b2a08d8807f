import { LANGUAGES, USER_TYPES, VERIFICATION_METHODS } from '@makan/contract/auth';
import { ROLES } from '@makan/contract/moderation';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { isOneOf } from './checks.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-cased; unique. */
    email: text('email').notNull(),
    /** As typed (for display). */
    phone: text('phone').notNull(),
    /** Digits with an optional leading +: what uniqueness and look-ups use. */
    phoneNormalized: text('phone_normalized').notNull(),
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    /** `scrypt$N$r$p$salt$hash`; null for accounts created by social sign-in without a password. */
    passwordHash: text('password_hash'),
    verificationMethod: text('verification_method', { enum: VERIFICATION_METHODS })
      .notNull()
      .default('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    bio: text('bio'),
    link: text('link'),
    hideContact: boolean('hide_contact').notNull().default(false),
    /** Base name of the stored picture files (sizes are derived); null when none. */
    pictureKey: text('picture_key'),
    coverKey: text('cover_key'),
    /** Off: nobody sees when this user is online or was last seen, and they see nobody's (issue 19). */
    showPresence: boolean('show_presence').notNull().default(true),
    /** When the user's last open socket closed; null until it first did. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When the last email digest of notifications went out (issue 22); null: never. */
    notificationDigestAt: timestamp('notification_digest_at', { withTimezone: true }),
    /**
     * Set when the owner asked to delete the account: from then on the account is erased by the
     * background jobs; any sign-in before it clears it (issue 20).
     */
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    /** member, moderator or admin (issue 21). */
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /**
     * Suspended by a moderator until then (SUSPENDED_FOREVER, 9999-12-31: for good): no sign-in, no
     * session, listings hidden. Null when not suspended; a date passed means the suspension ended.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** When a moderator approved the company's registration: the 'Verified company' badge (issue 21). */
    companyVerifiedAt: timestamp('company_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_normalized_key').on(t.phoneNormalized),
    index('users_user_type_idx').on(t.userType, t.id),
    index('users_created_at_idx').on(sql`${t.createdAt} desc`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The companies directory searches bios too.
    index('users_bio_trgm_idx').using('gin', sql`lower(${t.bio}) gin_trgm_ops`),
    index('users_deletion_due_idx').on(t.deletionDueAt).where(sql`${t.deletionDueAt} is not null`),
    index('users_suspended_idx').on(t.suspendedUntil).where(sql`${t.suspendedUntil} is not null`),
    check('users_role_check', isOneOf(t.role, ROLES)),
    check('users_user_type_check', isOneOf(t.userType, USER_TYPES)),
    check('users_verification_method_check', isOneOf(t.verificationMethod, VERIFICATION_METHODS)),
    check('users_language_check', isOneOf(t.language, LANGUAGES)),
  ],
);
