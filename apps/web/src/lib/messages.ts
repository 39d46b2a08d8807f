import { type IssueLike, issueCode } from '@makan/contract/issue-codes';
import { TEXT, type TextCode, type TextKey, textKeyOf, textOf } from '@makan/contract/texts';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { readTextCode } from './envelope-read.ts';
import { ApiError, errorToToast, toastText } from './http.ts';

/**
 * Something to tell the user: a catalogue text by key (with its parameters), translated as
 * `validation.<code>`; or words to show as they are (a server message that came without a key).
 */
export type Message = TextCode | string;

/**
 * A message in the current language. A catalogue text by key goes through `validation.<key>` (its
 * English words are the fallback should a translation be missing). Words without a key are shown
 * as they are, unless they are a catalogue text word for word (a success message of the server).
 */
export function translateMessage(t: TFunction, message: Message): string {
  if (typeof message !== 'string') {
    return t(`validation.${message.code}`, { ...message.params, defaultValue: textOf(message) });
  }
  const key = textKeyOf(message);
  return key ? t(`validation.${key}`, { defaultValue: message }) : message;
}

/** Whether a message is the catalogue text `key` (by its key, or word for word). */
export function isText(message: Message | undefined, key: TextKey): boolean {
  if (message === undefined) return false;
  return typeof message === 'string' ? message === TEXT[key] : message.code === key;
}

/** A zod issue of a form's check: its catalogue text by key (the contract's rule), else its words. */
export function issueMessage(issue: IssueLike & { message: string }): Message {
  return issueCode(issue) ?? issue.message;
}

/**
 * A zod failure of a form's own check as messages on the form's `fields`: the first issue of each,
 * as zod lists them.
 */
export function issueMessagesByField<F extends string>(
  issues: ReadonlyArray<IssueLike & { message: string; path: ReadonlyArray<PropertyKey> }>,
  fields: ReadonlyArray<F>,
): Partial<Record<F, Message>> {
  const byField: Partial<Record<F, Message>> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field) byField[field] ??= issueMessage(issue);
  }
  return byField;
}

/** A message as a react-hook-form field error that keeps its catalogue key (see `fieldErrorMessage`). */
export function asFieldError(message: Message, type = 'server'): FieldError {
  return typeof message === 'string'
    ? { type, message }
    : Object.assign({ type, message: textOf(message) }, message);
}

/** The message of a react-hook-form field error: the catalogue text it carries, else its words. */
export function fieldErrorMessage(error: FieldError | undefined): Message | undefined {
  if (!error) return undefined;
  return readTextCode(error) ?? error.message;
}

/** For forms: the first message of each field of a 422 (spec §5: API field errors show the first). */
export function firstFieldMessages(error: unknown): Record<string, Message> {
  const result: Record<string, Message> = {};
  if (!(error instanceof ApiError) || !error.errors) return result;
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = error.codes?.[field]?.[0] ?? messages[0];
    if (first) result[field] = first;
  }
  return result;
}

/** The catalogue text a failed request answered with, when it named one. */
export function apiErrorMessage(error: unknown): TextCode | undefined {
  if (!(error instanceof ApiError) || !error.code) return undefined;
  return error.params ? { code: error.code, params: error.params } : { code: error.code };
}

/**
 * What a form says about a failed request: the catalogue text the server answered with (in the
 * current language), else the server's own words for a 429 (they say how long to wait), else the
 * HTTP catalogue of spec §8.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const coded = apiErrorMessage(error);
  if (coded) return translateMessage(t, coded);
  if (error instanceof ApiError && error.status === 429 && error.message) return error.message;
  return toastText(t, errorToToast(error));
}
