import { type LazyTexts, useLazyTexts } from '../../lib/lazy-texts.ts';

/** The `info` namespace is a third of the app's text and only these pages read it. */
const infoTexts: LazyTexts = {
  name: 'info',
  present: (i18n) => i18n.hasResourceBundle(i18n.language, 'info'),
  async load(i18n) {
    const language = i18n.language === 'ar' ? 'ar' : 'en';
    const texts = language === 'ar' ? await import('./locales/ar.json') : await import('./locales/en.json');
    i18n.addResourceBundle(language, 'info', texts.default, true, true);
  },
};

/** Each info page calls this first: it loads the page's texts on the first visit. */
export function useInfoNamespace(): void {
  useLazyTexts(infoTexts);
}

// The translation files are plain JSON read through `returnObjects`, so every block is narrowed
// from `unknown` here instead of being trusted: a missing or mistyped key renders nothing.
interface TermDefinition {
  term: string;
  description: string;
}

export interface TextBlock {
  heading: string;
  question: string;
  paragraphs: string[];
  items: string[];
  steps: string[];
  definitions: TermDefinition[];
  closing: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function readDefinitions(value: unknown): TermDefinition[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const term = readString(entry.term);
    const description = readString(entry.description);
    return term && description ? [{ term, description }] : [];
  });
}

/** A section or an answer of the info texts (`t(key, { returnObjects: true })`), read safely. */
export function readBlock(value: unknown): TextBlock {
  const record = isRecord(value) ? value : {};
  return {
    heading: readString(record.heading),
    question: readString(record.question),
    paragraphs: readStrings(record.paragraphs),
    items: readStrings(record.items),
    steps: readStrings(record.steps),
    definitions: readDefinitions(record.definitions),
    closing: readStrings(record.closing),
  };
}
