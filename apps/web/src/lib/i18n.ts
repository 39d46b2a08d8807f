import { LANGUAGE_COOKIE } from '@makan/contract/cookies';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { shellLanguage } from './shell.ts';
import { getItem, LANGUAGES, type Language, setItem, subscribe } from './storage.ts';

export type { Language } from './storage.ts';

export { LANGUAGES };
export const DEFAULT_LANGUAGE: Language = 'en';

/** The stored language (`language`, else the older `locale`), default English (spec §4). */
export function getLanguage(): Language {
  return getItem('language') ?? getItem('locale') ?? DEFAULT_LANGUAGE;
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Text direction is set once, on <html>; components use logical properties only. */
export function applyLanguage(language: Language, root: HTMLElement = document.documentElement): void {
  root.lang = language;
  root.dir = directionOf(language);
  // The installable app's name and direction in this language (public/manifest-*.webmanifest).
  root.ownerDocument
    .querySelector('link[rel="manifest"]')
    ?.setAttribute('href', `/manifest-${language}.webmanifest`);
}

/**
 * Builds the i18next instance from resources the app layer assembles (the shell's locales plus each
 * feature's namespaces). Resources are bundled, so initialisation is synchronous.
 */
export function createI18n(resources: Resource, language: Language): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/**
 * Tells the server the reader's language, which it cannot read from localStorage: a cookie, so it sends
 * pages prerendered in that language (apps/server/src/plugins/web.ts). public/boot.js keeps it in step
 * with the stored language on every load.
 */
export function setLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: set before the reload that follows, so synchronous (cookieStore is not, nor in every browser the app supports).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Persists the language under both `language` and `locale` (and in the cookie the server reads), then
 * reloads the page (spec §4): every screen, date and number renders again in the new language and
 * direction.
 */
export function changeLanguage(
  language: Language,
  reload: () => void = () => window.location.reload(),
): void {
  if (language === getLanguage()) return;
  setItem('language', language);
  setItem('locale', language);
  setLanguageCookie(language);
  reload();
}

/** The stored language; while a prerendered page hydrates, the language its HTML was rendered in. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, shellLanguage);
}
