import type { Resource } from 'i18next';
import { withContractTexts } from '../lib/contract-texts.ts';
import type { Language } from '../lib/i18n.ts';

/**
 * The shell's texts (`translation`) in the reader's language only, loaded before the first render
 * (boot.js preloads the file beside the app's script). Arabic has every English key (locales.test.ts),
 * so an Arabic reader downloads no English: 9 KB of gzip JS less on every Arabic first load (issue 17).
 * Feature namespaces (`info`, the signed-in pages' texts) load with their pages, in the same way. English
 * field and server messages come from the contract (lib/contract-texts.ts).
 */
export async function loadResources(language: Language): Promise<Resource> {
  if (language === 'ar') {
    const ar = await import('../locales/ar.json');
    return { ar: { translation: ar.default } };
  }
  const en = await import('../locales/en.json');
  return { en: { translation: withContractTexts(en.default) } };
}
