import type { Resource } from 'i18next';
import type { Language } from '../lib/i18n.ts';
import en from '../locales/en.json';

/**
 * The shell's texts (`translation`) for `language`. English is bundled: it is the default and the
 * fallback. Arabic loads only for Arabic readers, before the first render. Feature namespaces (`info`)
 * load with their pages.
 */
export async function loadResources(language: Language): Promise<Resource> {
  if (language === 'en') return { en: { translation: en } };
  const ar = await import('../locales/ar.json');
  return { en: { translation: en }, ar: { translation: ar.default } };
}
