/**
 * The kinds of account (spec §3): a retail user, or a developer (a company). No zod here: the web reads
 * lists of people (the companies directory) without loading it.
 */
export const USER_TYPES = ['retail', 'developer'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * Roles (issue 21): every account is a member; moderators work the reports' queue; admins also grant
 * and revoke moderator.
 */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
