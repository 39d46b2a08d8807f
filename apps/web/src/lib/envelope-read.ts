import type { FieldCodes, FieldErrors } from '@makan/contract/envelope';
import { TEXT_KEYS, type TextCode, type TextKey, type TextParams } from '@makan/contract/texts';

/**
 * The parts of a failure envelope (contract/src/envelope.ts) read by hand, each as its zod schema
 * reads it, or undefined. Every page's first load holds the HTTP client and the messages, and zod
 * (25 KB of gzip JS) then loads only with the pages that need it (issue 17); envelope-read.test.ts
 * keeps these equal to the contract's schemas.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each value of a record read by `read`, or undefined when any is not. */
function recordOf<T>(value: unknown, read: (item: unknown) => T | undefined): Record<string, T> | undefined {
  if (!isRecord(value)) return undefined;
  const result: Record<string, T> = {};
  for (const [key, item] of Object.entries(value)) {
    const read_ = read(item);
    if (read_ === undefined) return undefined;
    result[key] = read_;
  }
  return result;
}

function listOf<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const result: T[] = [];
  for (const item of value) {
    const read_ = read(item);
    if (read_ === undefined) return undefined;
    result.push(read_);
  }
  return result;
}

export const readTextKey = (value: unknown): TextKey | undefined => TEXT_KEYS.find((key) => key === value);

export const readTextParams = (value: unknown): TextParams | undefined =>
  recordOf(value, (item) => (typeof item === 'string' || typeof item === 'number' ? item : undefined));

/** `{ code, params? }`, unknown keys dropped (zod's `textCodeSchema`). */
export function readTextCode(value: unknown): TextCode | undefined {
  if (!isRecord(value)) return undefined;
  const code = readTextKey(value.code);
  if (!code) return undefined;
  if (value.params === undefined) return { code };
  const params = readTextParams(value.params);
  return params ? { code, params } : undefined;
}

export const readFieldErrors = (value: unknown): FieldErrors | undefined =>
  recordOf(value, (item) => listOf(item, (message) => (typeof message === 'string' ? message : undefined)));

export const readFieldCodes = (value: unknown): FieldCodes | undefined =>
  recordOf(value, (item) => listOf(item, readTextCode));

/** The envelope's fields the client reads (`status` a boolean), or undefined when it is not one. */
export function readEnvelope(value: unknown) {
  if (!isRecord(value) || typeof value.status !== 'boolean') return undefined;
  const { status, message, code, params, data, errors, codes } = value;
  if (message !== undefined && typeof message !== 'string') return undefined;
  return { status, message, code, params, data, errors, codes };
}
