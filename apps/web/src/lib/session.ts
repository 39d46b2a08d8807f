import type { FullUser } from '@makan/contract/auth';
import { toMinimalUser } from '@makan/contract/minimal-user';
import { useSyncExternalStore } from 'react';
import { shellSignedIn } from './shell.ts';
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

/** Two slashes or backslashes at the start: what browsers read as another host ('//host', '/\\host'). */
const OTHER_HOST = /^[/\\]{2}/;
const hasControl = (text: string) =>
  Array.from(text).some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * A `redirect` query value that is safe to follow: a path on this site ('/…'), normalised first
 * (dot segments resolved, percent-encodings decoded as the router will decode them), then refused
 * when any form of it starts like another host ('//host', '/\\host') or cannot be decoded. What is
 * returned is the normalised path, so the router never meets anything but a plain path.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || OTHER_HOST.test(value)) return null;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a '//'.
  if (hasControl(value)) return null;
  const base = window.location.origin;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // '/./x', '/../x' and '/%2e/x' collapse; '%2F' and '%5C' become slashes once decoded.
  let path = url.pathname;
  for (let round = 0; round < 3; round++) {
    if (OTHER_HOST.test(path) || hasControl(path)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null; // a broken %-sequence: the router could not read it either
    }
    if (decoded === path) break;
    path = decoded;
  }
  if (OTHER_HOST.test(path) || hasControl(path)) return null;
  return url.pathname + url.search + url.hash;
}

/** After a sign-in: the `redirect` query if it is safe, else /home or /commercial by the onboarding rule. */
export function afterSignInPath(redirect: string | null | undefined): string {
  return safeRedirect(redirect) ?? signedInHome();
}

/** Keeps the signed-in user's local copy (user data, email, phone) in step with the server's. */
export function storeUser(user: FullUser): void {
  setItem('user_data', toMinimalUser(user));
  setItem('user_email', user.email);
  setItem('user_phone', user.phone);
}

/** Why the last session on this page ended: 'expired' when the server refused its token (a 401). */
export type SessionEnd = 'expired' | 'ended';
let lastEnd: SessionEnd | null = null;

/** How the session that was here ended (null: none ended since the page loaded or the last sign-in). */
export function sessionEnd(): SessionEnd | null {
  return lastEnd;
}

/** Signs in on this device: the token (spec §4: signed in means a stored token) and the user. */
export function startSession(token: string, user: FullUser): void {
  lastEnd = null;
  // The user first: the guards react to the token, and must then already see the preferences.
  storeUser(user);
  setItem('auth_token', token);
}

/**
 * Forgets who is signed in: token, user data, email and phone (spec §4), plus the LinkedIn state
 * and any password-reset token. The profile cache lives in TanStack Query; logout clears it.
 * `reason` 'expired': the server refused the token (the guards then send the user to log in again).
 */
export function clearSession(reason: SessionEnd = 'ended'): void {
  // Kept before the token goes: the guards then know to send an expired session to log in again.
  lastEnd = reason;
  removeItem('auth_token', 'user_data', 'user_email', 'user_phone', 'social_login_state');
  removeSessionItem('reset_token');
}

/**
 * Re-renders when the session changes (here, or in another tab). While a prerendered page hydrates, the
 * answer is what its HTML was rendered for (lib/shell.ts); the stored session takes over right after.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, shellSignedIn);
}
