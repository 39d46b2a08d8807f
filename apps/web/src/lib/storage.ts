import { type MinimalUser, minimalUser } from '@makan/contract/auth';
import { z } from 'zod';

/**
 * Typed access to the locally stored keys of spec §3. Strings are stored raw (public/boot.js reads
 * `theme` and `language` before the app loads); structured values are JSON, parsed with zod on read
 * so a damaged or outdated value reads as absent instead of crashing the app.
 */

export const themeSchema = z.enum(['light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

export const languageSchema = z.enum(['en', 'ar']);
export type Language = z.infer<typeof languageSchema>;

/** The minimal user kept locally (spec §3; the contract's shape); `preferences` is null until onboarding. */
export type StoredUser = MinimalUser;

type Codec<T> = { parse: (raw: string) => T | null; serialize: (value: T) => string };

const text: Codec<string> = { parse: (raw) => raw || null, serialize: (value) => value };

function fromSchema<T>(schema: z.ZodType<T>): Codec<T> {
  return {
    parse: (raw) => {
      const result = schema.safeParse(raw);
      return result.success ? result.data : null;
    },
    serialize: (value) => String(value),
  };
}

function json<T>(schema: z.ZodType<T>): Codec<T> {
  return {
    parse: (raw) => {
      try {
        const result = schema.safeParse(JSON.parse(raw));
        return result.success ? result.data : null;
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
  user_data: json(minimalUser),
  theme: fromSchema(themeSchema),
  language: fromSchema(languageSchema),
  locale: fromSchema(languageSchema),
  darkMode: flag,
  social_login_state: text,
  recent_searches: json(z.array(z.string())),
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
