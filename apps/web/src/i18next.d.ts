import 'i18next';
import type member from './app/member/locales/en.json';
import type { ContractTexts } from './lib/contract-texts.ts';
import type en from './locales/en.json';

// The keys come from English (the shell's, the contract's texts and the signed-in pages', which load later): a key missing from en.json is a type error. Feature
// namespaces read whole blocks (`returnObjects`) and narrow them at run time, so their keys are
// checked by the locale parity test rather than by the compiler.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & ContractTexts & typeof member; info: Record<string, unknown> };
  }
}
