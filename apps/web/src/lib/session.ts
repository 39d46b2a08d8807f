import { useSyncExternalStore } from 'react';
import { getItem, removeItem, type StoredUser, subscribe } from './storage.ts';

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

/** Forgets who is signed in: token, user data, email and phone (spec §4). */
export function clearSession(): void {
  removeItem('auth_token', 'user_data', 'user_email', 'user_phone');
}

/** Re-renders when the session changes (here, or in another tab). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}
