import { formatText, isTextKey, TEXT, type TextCode, type TextKey, textKeyOf, textOf } from './texts.ts';

/**
 * What of a zod issue says which catalogue text it is: zod's own issues fit (`z.core.$ZodIssue`),
 * and so does a validation item that only kept some of them.
 */
export interface IssueLike {
  message?: string | undefined;
  code?: string | undefined;
  origin?: string | undefined;
  minimum?: number | bigint | undefined;
  maximum?: number | bigint | undefined;
  /** A refinement's `params`: one that names its text carries `{ code, params? }` (see `refineText`). */
  params?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A refinement's own `{ code, params? }`, when it gave one with a key of the catalogue. */
function namedText(params: unknown): TextCode | undefined {
  if (!isRecord(params) || typeof params.code !== 'string' || !isTextKey(params.code)) return undefined;
  const key = params.code;
  if (params.params === undefined) return { code: key };
  if (!isRecord(params.params)) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params.params)) {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    values[name] = value;
  }
  return { code: key, params: values };
}

/**
 * The options of a refinement whose failure says a catalogue text with parameters, so that the
 * text's key travels with the issue: `.refine(check, refineText('maxLength', { length: 64 }))`.
 */
export function refineText(code: TextKey, params?: TextCode['params']) {
  const text: TextCode = params ? { code, params } : { code };
  return { message: textOf(text), params: text };
}

const LENGTH_TEXTS = [
  ['minLength', 'minimum'],
  ['maxLength', 'maximum'],
] as const;

/**
 * Which catalogue text a zod issue stands for, and its parameters, found without reading its words
 * back: a schema's own text is a catalogue text word for word (`TEXT.required`), or one of the length
 * texts filled with the issue's own bound, or a refinement that names it. Where a schema has no text
 * and zod speaks its own English ("Invalid input: expected string, received number"), the nearest
 * catalogue text stands in. `sent` is what the client sent at the issue's path: a wrong type where
 * nothing was sent is "required". Undefined when no text fits (the HTTP catalogue's 422 then).
 *
 * One function for both ends: the server's field errors and the web's form checks use it, so a form
 * and the server say the same words, translated by the same key.
 */
export function issueCode(issue: IssueLike, sent?: unknown): TextCode | undefined {
  const { message } = issue;
  if (message) {
    const key = textKeyOf(message);
    if (key) return { code: key };
    for (const [code, bound] of LENGTH_TEXTS) {
      const value = issue[bound];
      if (value === undefined) continue;
      const params = { length: Number(value) };
      if (message === formatText(TEXT[code], params)) return { code, params };
    }
    const named = namedText(issue.params);
    if (named) return named;
  }
  if (issue.code === 'invalid_type' && (sent === undefined || sent === null || sent === '')) {
    return { code: 'required' };
  }
  if (issue.origin === 'string' && issue.code === 'too_big' && issue.maximum !== undefined) {
    return { code: 'maxLength', params: { length: Number(issue.maximum) } };
  }
  if (issue.origin === 'string' && issue.code === 'too_small' && issue.minimum !== undefined) {
    return Number(issue.minimum) <= 1
      ? { code: 'required' }
      : { code: 'minLength', params: { length: Number(issue.minimum) } };
  }
  return undefined;
}
