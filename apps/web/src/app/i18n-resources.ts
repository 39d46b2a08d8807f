import type { Resource } from 'i18next';
import { withContractTexts } from '../lib/contract-texts.ts';
import type { Language } from '../lib/i18n.ts';
import en from '../locales/en.json';

/**
 * The shell's texts (`translation`) for `language`. English is bundled: it is the default and the
 * fallback. Arabic loads only for Arabic readers, before the first render. Feature namespaces (`info`)
 * load with their pages. English field and server messages come from the contract (lib/contract-texts.ts).
 */
export async function loadResources(language: Language): Promise<Resource> {
  const english = withContractTexts(en);
  if (language === 'en') return { en: { translation: english } };
  const ar = await import('../locales/ar.json');
  return { en: { translation: english }, ar: { translation: ar.default } };
}
