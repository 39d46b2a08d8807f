import { TEXT, type TextKey } from '@makan/contract/texts';
import type { TFunction } from 'i18next';
import { ApiError, errorToToast, toastText } from './http.ts';

export interface TemplateMatch<K extends string> {
  key: K;
  params: Record<string, string>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds which template of `templates` produced `message`, and the values of its `{name}` parameters:
 * 'Must be at least 10 characters' → { key: 'minLength', params: { length: '10' } }.
 */
export function matchTemplate<K extends string>(
  templates: Readonly<Record<K, string>>,
  message: string,
): TemplateMatch<K> | null {
  for (const key of Object.keys(templates) as K[]) {
    const names: string[] = [];
    const pattern = templates[key]
      .split(/\{(\w+)\}/)
      .map((part, index) => {
        if (index % 2 === 0) return escapeRegExp(part);
        names.push(part);
        return '(.+?)';
      })
      .join('');
    const match = new RegExp(`^${pattern}$`).exec(message);
    if (match) {
      return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
    }
  }
  return null;
}

/** The contract text a message came from, if any. */
export function textKeyOf(message: string): TemplateMatch<TextKey> | null {
  return matchTemplate(TEXT, message);
}

/**
 * Shows a contract message (from zod or from the server) in the current language: known texts go
 * through `validation.<key>`; anything else is shown as the server wrote it.
 */
export function translateMessage(t: TFunction, message: string): string {
  const match = textKeyOf(message);
  // The message itself is the fallback should a translation be missing.
  return match ? t(`validation.${match.key}`, { ...match.params, defaultValue: message }) : message;
}

/**
 * What a form says about a failed request: a contract text the server answered with (in the
 * current language), else the server's own words for a 429 (they say how long to wait), else the
 * HTTP catalogue of spec §8.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message && textKeyOf(error.message)) return translateMessage(t, error.message);
    if (error.status === 429 && error.message) return error.message;
  }
  return toastText(t, errorToToast(error));
}
