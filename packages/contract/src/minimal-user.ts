import type { FullUser, MinimalUser } from './auth.ts';

/**
 * The minimal user of spec §3, as the web keeps it in `user_data`, from the full user an answer carries.
 * Free of zod (types only from auth.ts): the web's entry stores it on every sign-in, and the browser
 * journeys and the web benchmark plant a session the same way.
 */
export function toMinimalUser(user: FullUser): MinimalUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    preferences: user.preferences,
    avatar: user.profile.picture?.url ?? null,
  };
}
