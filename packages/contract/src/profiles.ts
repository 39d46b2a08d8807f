import { z } from 'zod';
import { fullUser, nameField, person, USER_TYPES, userProfile } from './auth.ts';
import { LIMITS } from './limits.ts';
import { preferencesResult } from './onboarding.ts';
import { formatText, TEXT } from './texts.ts';

export const followInfo = fullUser.shape.follow_info;
export type FollowInfo = z.infer<typeof followInfo>;

/**
 * Another user's profile as a viewer sees it: the full user's public part (contact details are null when
 * the owner hides them), with preferences in the contract's own values and whether it is the viewer's.
 */
export const publicProfile = fullUser
  .pick({
    id: true,
    name: true,
    user_type: true,
    verified: true,
    created_at: true,
    profile: true,
    follow_info: true,
    contact_info: true,
    posts_count: true,
    company_verified: true,
  })
  .extend({
    preferences: preferencesResult.nullable(),
    is_self: z.boolean(),
    /** Whether the viewer blocked this account (never whether it blocked the viewer). */
    is_blocked: z.boolean(),
  });
export type PublicProfile = z.infer<typeof publicProfile>;

/** One row of a list of people or companies. */
export const profileSummary = person.extend({
  bio: userProfile.shape.bio,
  followers_count: z.number().int(),
  is_following: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummary>;

export const profilesListQuery = z.object({
  /** Part of a name or a bio, or of the name (English or Arabic) of a city the account chose. */
  q: z.string().trim().max(100).optional(),
  type: z.enum(USER_TYPES).optional(),
  /** Only companies whose registration a moderator checked. */
  verified_company: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** The last id of the previous page (keyset pagination). */
  cursor: z.coerce.number().int().positive().optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export const profilesListResult = z.object({
  users: z.array(profileSummary),
  next_cursor: z.number().int().nullable(),
});
export type ProfilesListResult = z.infer<typeof profilesListResult>;

export const updateProfileRequest = z
  .object({
    name: nameField.optional(),
    bio: z
      .string()
      .trim()
      .max(LIMITS.bioMax, formatText(TEXT.maxLength, { length: LIMITS.bioMax }))
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    link: z
      .string()
      .trim()
      .max(200, formatText(TEXT.maxLength, { length: 200 }))
      .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), { message: TEXT.invalidLink })
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
  })
  .refine((v) => v.name !== undefined || v.bio !== undefined || v.link !== undefined, {
    message: TEXT.required,
    path: ['bio'],
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

export const contactVisibilityRequest = z.object({
  hide_contact: z
    .union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], {
      error: TEXT.required,
    })
    .transform((v) => v === 1 || v === '1' || v === true),
});

export const profileIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * `GET /api/users/mentionable?q=` (issue 22): the people picker's candidates for `@name`: names
 * containing `q`, people the caller follows first, never the caller nor anyone blocked either way.
 */
export const MENTIONABLE_MAX = 8;
export const mentionableQuery = z.object({ q: z.string().trim().min(1).max(100) });
export const mentionablePerson = z.object({
  id: z.number().int(),
  name: z.string(),
  picture: userProfile.shape.picture,
  is_following: z.boolean(),
});
export type MentionablePerson = z.infer<typeof mentionablePerson>;
export const mentionableResult = z.object({ users: z.array(mentionablePerson) });
export type MentionableResult = z.infer<typeof mentionableResult>;
