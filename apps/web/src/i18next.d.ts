import 'i18next';
import type en from './locales/en.json';

// The shell's keys come from English: a key missing from en.json is a type error. Feature
// namespaces read whole blocks (`returnObjects`) and narrow them at run time, so their keys are
// checked by the locale parity test rather than by the compiler.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; info: Record<string, unknown> };
  }
}
