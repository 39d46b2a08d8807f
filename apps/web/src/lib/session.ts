import type { FullUser, MinimalUser } from '@makan/contract/auth';
import { useSyncExternalStore } from 'react';
import { getItem, removeItem, removeSessionItem, type StoredUser, setItem, subscribe } from './storage.ts';

/** Signed in means an auth token is stored (spec §4). */
export function isSignedIn(): boolean {
  return Boolean(getItem('auth_token'));
}

export function getStoredUser(): StoredUser | null {
  return getItem('user_data');
}

/** Onboarding is done when the stored user carries preferences (null or missing means not yet). */
export function hasPreferences(): boolean {
  const preferences = getStoredUser()?.preferences;
  return preferences != null;
}

/** Where a signed-in user belongs: the feed, or onboarding while no preferences are saved. */
export function signedInHome(): '/home' | '/commercial' {
  return hasPreferences() ? '/home' : '/commercial';
}

/**
 * A `redirect` query value that is safe to follow: a path on this site ('/…'), never a
 * protocol-relative '//host' or '/\host' (browsers read both as another site), and nothing that
 * resolves to another origin.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a '//'.
  if (Array.from(value).some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  try {
    const base = window.location.origin;
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** After a sign-in: the `redirect` query if it is safe, else /home or /commercial by the onboarding rule. */
export function afterSignInPath(redirect: string | null | undefined): string {
  return safeRedirect(redirect) ?? signedInHome();
}

/** The minimal user of spec §3, as kept in `user_data`. */
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

/** Keeps the signed-in user's local copy (user data, email, phone) in step with the server's. */
export function storeUser(user: FullUser): void {
  setItem('user_data', toMinimalUser(user));
  setItem('user_email', user.email);
  setItem('user_phone', user.phone);
}

/** Signs in on this device: the token (spec §4: signed in means a stored token) and the user. */
export function startSession(token: string, user: FullUser): void {
  // The user first: the guards react to the token, and must then already see the preferences.
  storeUser(user);
  setItem('auth_token', token);
}

/**
 * Forgets who is signed in: token, user data, email and phone (spec §4), plus the LinkedIn state
 * and any password-reset token. The profile cache lives in TanStack Query; logout clears it.
 */
export function clearSession(): void {
  removeItem('auth_token', 'user_data', 'user_email', 'user_phone', 'social_login_state');
  removeSessionItem('reset_token');
}

/** Re-renders when the session changes (here, or in another tab). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}
