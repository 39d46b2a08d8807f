/**
 * The languages of the interface, and of mail, SMS and pushes a user is sent. No zod here: the web's
 * first load (stored settings, the prerendered shells) reads them without loading it.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
