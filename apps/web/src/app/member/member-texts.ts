import type { Language } from '../../lib/i18n.ts';
import type { LazyTexts } from '../../lib/lazy-texts.ts';

const fetched = new Map<Language, Promise<Record<string, unknown>>>();

/**
 * The texts of the signed-in pages (posts, chat): two fifths of the app's text that no signed-out page
 * reads. Fetched once per language; `main.tsx` starts the fetch at once for a signed-in reader, so it
 * runs beside the page's own code.
 */
export function fetchMemberTexts(language: Language): Promise<Record<string, unknown>> {
  let texts = fetched.get(language);
  if (!texts) {
    texts = (language === 'ar' ? import('./locales/ar.json') : import('./locales/en.json')).then(
      (module) => module.default,
    );
    fetched.set(language, texts);
  }
  return texts;
}

/** Merged into the `translation` namespace: keys stay `posts.…` and `chat.…`, typed from English. */
export const memberTexts: LazyTexts = {
  name: 'member',
  present: (i18n) => i18n.getResource(i18n.language, 'translation', 'chat') !== undefined,
  async load(i18n) {
    const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
    i18n.addResourceBundle(language, 'translation', await fetchMemberTexts(language), true, false);
  },
};
