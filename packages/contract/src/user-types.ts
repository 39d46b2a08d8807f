/**
 * The kinds of account (spec §3): a retail user, or a developer (a company). No zod here: the web reads
 * lists of people (the companies directory) without loading it.
 */
export const USER_TYPES = ['retail', 'developer'] as const;
export type UserType = (typeof USER_TYPES)[number];
