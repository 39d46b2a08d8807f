import type { FieldCodes, FieldErrors } from '@makan/contract/envelope';
import { httpText, type TextCode, type TextKey, type TextParams, textOf } from '@makan/contract/texts';

/** A catalogue text: its key alone (`'postNotFound'`), or its key with the values of its parameters. */
export type Text = TextKey | TextCode;

const codeOf = (text: Text): TextCode => (typeof text === 'string' ? { code: text } : text);
const isList = (given: Text | readonly Text[]): given is readonly Text[] => Array.isArray(given);

/**
 * Field messages in the envelope's two forms: the words (`errors`) and, where every message of a
 * field is a catalogue text, their keys (`codes`, message for message).
 */
export class FieldFailures {
  constructor(
    readonly errors: FieldErrors,
    readonly codes?: FieldCodes,
  ) {}
}

/** Field messages from catalogue texts: `{ email: 'emailTaken' }`, or a list per field. */
function fieldTexts(fields: Record<string, Text | readonly Text[]>): FieldFailures {
  const errors: FieldErrors = {};
  const codes: FieldCodes = {};
  for (const [field, given] of Object.entries(fields)) {
    const texts = (isList(given) ? given : [given]).map(codeOf);
    codes[field] = texts;
    errors[field] = texts.map(textOf);
  }
  return new FieldFailures(errors, codes);
}

/**
 * A failure a service can state; the error handler turns it into the envelope and its status. Its
 * message is a catalogue text (kept as its key and parameters too, for the envelope's `code`), or,
 * when none is given, the HTTP catalogue's text for the status.
 */
export class AppError extends Error {
  readonly code: TextKey | undefined;
  readonly params: TextParams | undefined;
  readonly errors: FieldErrors | undefined;
  readonly codes: FieldCodes | undefined;

  constructor(
    readonly statusCode: number,
    text?: Text,
    fields?: FieldFailures,
    /** What the client needs to go on, sent as the failure envelope's `data`. */
    readonly data?: unknown,
  ) {
    const coded = text === undefined ? undefined : codeOf(text);
    super(coded ? textOf(coded) : httpText(statusCode));
    this.code = coded?.code;
    this.params = coded?.params;
    this.errors = fields?.errors;
    this.codes = fields?.codes;
  }

  /** The message as given, for a copy of this failure (see `renameField`). */
  get text(): TextCode | undefined {
    if (!this.code) return undefined;
    return this.params ? { code: this.code, params: this.params } : { code: this.code };
  }
}

export class BadRequest extends AppError {
  constructor(text?: Text) {
    super(400, text);
  }
}
export class Unauthorized extends AppError {
  constructor(text?: Text) {
    super(401, text);
  }
}
export class Forbidden extends AppError {
  constructor(text?: Text, data?: unknown) {
    super(403, text, undefined, data);
  }
}
export class NotFound extends AppError {
  constructor(text?: Text) {
    super(404, text);
  }
}
export class Conflict extends AppError {
  constructor(text?: Text) {
    super(409, text);
  }
}
/** What was there is no more (an expired download). */
export class Gone extends AppError {
  constructor(text?: Text) {
    super(410, text);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    text?: Text,
  ) {
    super(429, text);
  }
}
/**
 * 422 with the messages of each field: catalogue texts by key (`{ identifier: 'identifierNotFound' }`),
 * or field failures already in both forms (what `fieldFailures` makes of a schema's issues, lib/field-errors.ts).
 */
export class Invalid extends AppError {
  constructor(fields: Record<string, Text | readonly Text[]> | FieldFailures, text?: Text) {
    super(422, text, fields instanceof FieldFailures ? fields : fieldTexts(fields));
  }
}
/** 413: the body, or a file in it, is over its limit. `fields` names the field when there is one. */
export class PayloadTooLarge extends AppError {
  constructor(text?: Text, fields?: Record<string, Text | readonly Text[]>) {
    super(413, text, fields && fieldTexts(fields));
  }
}
/** An upstream service (e.g. an identity provider) failed; its details stay in the log. */
export class BadGateway extends AppError {
  constructor(text: Text) {
    super(502, text);
  }
}
/** A feature this server is not configured for. */
export class ServiceUnavailable extends AppError {
  constructor(text: Text) {
    super(503, text);
  }
}

/**
 * The same failure with one field's messages under another name: a store names its file `file`,
 * a post's photos are `media`. Other failures go on as they are.
 */
export function renameField(error: unknown, from: string, to: string): unknown {
  if (!(error instanceof AppError) || !error.errors?.[from]) return error;
  const rename = <T>(record: Record<string, T> | undefined) =>
    record &&
    Object.fromEntries(Object.entries(record).map(([field, v]) => [field === from ? to : field, v]));
  const errors = rename(error.errors) ?? {};
  const codes = rename(error.codes);
  return new AppError(error.statusCode, error.text, new FieldFailures(errors, codes), error.data);
}
