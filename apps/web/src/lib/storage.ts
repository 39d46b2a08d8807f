import type { MinimalUser } from '@makan/contract/auth';
import { LANGUAGES } from '@makan/contract/languages';

/**
 * Typed access to the locally stored keys of spec §3. Strings are stored raw (public/boot.js reads
 * `theme` and `language` before the app loads); structured values are JSON, checked on read so a
 * damaged or outdated value reads as absent instead of crashing the app. Checked by hand, not with
 * the contract's zod schemas: every page's first load reads storage, and zod (25 KB of gzip JS) then
 * loads only with the pages that need it (issue 17). storage.test.ts keeps the stored user's check
 * equal to the contract's `minimalUser`.
 */

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export { LANGUAGES, type Language } from '@makan/contract/languages';

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    values.some((known) => known === value);

export const isTheme = oneOf(THEMES);
export const isLanguage = oneOf(LANGUAGES);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The stored user as the contract's `minimalUser` reads it (unknown keys dropped), or null. */
export function readMinimalUser(value: unknown): MinimalUser | null {
  if (!isRecord(value)) return null;
  const { id, name, email, phone, preferences, avatar } = value;
  if (!isInteger(id) || typeof name !== 'string' || typeof email !== 'string' || typeof phone !== 'string')
    return null;
  if (avatar !== null && typeof avatar !== 'string') return null;
  if (preferences === null) return { id, name, email, phone, preferences, avatar };
  if (!isRecord(preferences)) return null;
  const { purpose, property_types, preferred_locations } = preferences;
  if (
    typeof purpose !== 'string' ||
    !isStringList(property_types) ||
    !Array.isArray(preferred_locations) ||
    !preferred_locations.every(isInteger)
  )
    return null;
  return { id, name, email, phone, preferences: { purpose, property_types, preferred_locations }, avatar };
}

/** The minimal user kept locally (spec §3; the contract's shape); `preferences` is null until onboarding. */
export type StoredUser = MinimalUser;

type Codec<T> = { parse: (raw: string) => T | null; serialize: (value: T) => string };

const text: Codec<string> = { parse: (raw) => raw || null, serialize: (value) => value };

function oneOfCodec<T extends string>(is: (value: unknown) => value is T): Codec<T> {
  return { parse: (raw) => (is(raw) ? raw : null), serialize: (value) => value };
}

function json<T>(read: (value: unknown) => T | null): Codec<T> {
  return {
    parse: (raw) => {
      try {
        return read(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    serialize: (value) => JSON.stringify(value),
  };
}

const flag: Codec<boolean> = {
  parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : null),
  serialize: (value) => String(value),
};

const codecs = {
  auth_token: text,
  user_email: text,
  user_phone: text,
  user_data: json(readMinimalUser),
  theme: oneOfCodec(isTheme),
  language: oneOfCodec(isLanguage),
  locale: oneOfCodec(isLanguage),
  darkMode: flag,
  social_login_state: text,
  recent_searches: json((value) => (isStringList(value) ? value : null)),
};

export type StorageKey = keyof typeof codecs;
export type StorageValue<K extends StorageKey> = (typeof codecs)[K] extends Codec<infer T> ? T : never;

export function isStorageKey(key: string): key is StorageKey {
  return Object.hasOwn(codecs, key);
}

type Listener = (key: StorageKey | null) => void;
const listeners = new Set<Listener>();

function emit(key: StorageKey | null) {
  for (const listener of listeners) listener(key);
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getItem<K extends StorageKey>(key: K): StorageValue<K> | null {
  const raw = backend()?.getItem(key);
  if (raw == null) return null;
  return codecs[key].parse(raw) as StorageValue<K> | null;
}

/** Returns false when the browser refused to store (quota, privacy mode). */
export function setItem<K extends StorageKey>(key: K, value: StorageValue<K>): boolean {
  const codec = codecs[key] as unknown as Codec<StorageValue<K>>;
  try {
    backend()?.setItem(key, codec.serialize(value));
    return true;
  } catch {
    return false;
  } finally {
    emit(key);
  }
}

export function removeItem(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      backend()?.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  }
  for (const key of keys) emit(key);
}

/** Calls `listener` when a key changes here or in another tab; returns the unsubscribe function. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null) listener(null);
    else if (isStorageKey(event.key)) listener(event.key);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Values that must not outlive the tab (the password-reset token): sessionStorage, never
 * localStorage, so closing the tab forgets them.
 */
const sessionCodecs = { reset_token: text };
export type SessionKey = keyof typeof sessionCodecs;

function sessionBackend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function getSessionItem(key: SessionKey): string | null {
  const raw = sessionBackend()?.getItem(key);
  return raw == null ? null : sessionCodecs[key].parse(raw);
}

export function setSessionItem(key: SessionKey, value: string): boolean {
  try {
    sessionBackend()?.setItem(key, sessionCodecs[key].serialize(value));
    return true;
  } catch {
    return false;
  }
}

export function removeSessionItem(...keys: SessionKey[]): void {
  for (const key of keys) {
    try {
      sessionBackend()?.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  }
}
