import { useSyncExternalStore } from 'react';
import { getStoredUser } from './session.ts';
import { type StoredUser, subscribe } from './storage.ts';

// A file of its own: only signed-in pages read it, so the first load of every page does not carry it.

let lastUser: StoredUser | null = null;
/** The stored user, the same object for as long as its value is the same (what `useSyncExternalStore` needs). */
function storedUserSnapshot(): StoredUser | null {
  const user = getStoredUser();
  if (JSON.stringify(user) !== JSON.stringify(lastUser)) lastUser = user;
  return lastUser;
}

/**
 * The stored user, re-rendering when it changes. None while a prerendered page hydrates (the build
 * knows no reader: lib/shell.ts); the stored one renders right after.
 */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, storedUserSnapshot, () => null);
}
