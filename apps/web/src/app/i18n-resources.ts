import type { Resource } from 'i18next';
import infoAr from '../features/info/locales/ar.json';
import infoEn from '../features/info/locales/en.json';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

/** Every namespace of the app: the shell's (`translation`) and each feature's own. */
export const resources = {
  en: { translation: en, info: infoEn },
  ar: { translation: ar, info: infoAr },
} satisfies Resource;
