import { isRecord } from './envelope-read.ts';

/**
 * Readers: what a page's first render reads from the server checked without zod (issue 17: zod and the
 * contract's schemas are about 25 KB of gzip JS and 100+ ms of a slowed phone's main thread before a post
 * can paint). A reader checks a value as its contract schema does (zod's defaults: unknown keys dropped,
 * integers safe, enums closed) and keeps the same `safeParse` a schema has, so `http.request` takes either.
 *
 * Each reader also describes itself (`shape`) as zod's `z.toJSONSchema` describes its schema; read.test.ts
 * holds every reader equal to its schema, field by field, and feeds both the same wrong values, so a
 * field added to the contract and not here fails that test. Types come from the contract
 * (`Reader<Post>`): declared once, there.
 */

/** JSON Schema as `z.toJSONSchema(schema, { io: 'output' })` writes it, for the parts readers use. */
export type Shape = { readonly [key: string]: unknown };

/** A value that is not what the reader expects: where, and what was expected. */
export class ReadError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || '(root)'}: expected ${expected}`);
    this.name = 'ReadError';
  }
}

export type ReadResult<T> = { success: true; data: T } | { success: false; error: ReadError };

export interface Reader<T> {
  /** Throws ReadError; `path` names the value in the message. */
  read(value: unknown, path: string): T;
  safeParse(value: unknown): ReadResult<T>;
  readonly shape: Shape;
}

function reader<T>(shape: Shape, read: (value: unknown, path: string) => T): Reader<T> {
  return {
    read,
    shape,
    safeParse(value) {
      try {
        return { success: true, data: read(value, '') };
      } catch (error) {
        if (error instanceof ReadError) return { success: false, error };
        throw error;
      }
    },
  };
}

export const str: Reader<string> = reader({ type: 'string' }, (value, path) => {
  if (typeof value !== 'string') throw new ReadError(path, 'a string');
  return value;
});

export const bool: Reader<boolean> = reader({ type: 'boolean' }, (value, path) => {
  if (typeof value !== 'boolean') throw new ReadError(path, 'true or false');
  return value;
});

/** A finite number (zod's `z.number()`). */
export const num: Reader<number> = reader({ type: 'number' }, (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ReadError(path, 'a number');
  return value;
});

/** A safe integer (zod's `z.number().int()`). */
export const int: Reader<number> = reader(
  { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
  (value, path) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new ReadError(path, 'an integer');
    return value;
  },
);

/** JSON `null` (zod's `z.null()`): an answer that carries no data. */
export const nothing: Reader<null> = reader({ type: 'null' }, (value, path) => {
  if (value !== null) throw new ReadError(path, 'null');
  return null;
});

/** One of the listed strings (zod's `z.enum(list)`). */
export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  const allowed = new Set<string>(values);
  return reader({ type: 'string', enum: [...values] }, (value, path) => {
    if (typeof value !== 'string' || !allowed.has(value))
      throw new ReadError(path, `one of ${values.join(', ')}`);
    return value as T;
  });
}

/** Exactly this string (zod's `z.literal(value)`). */
export function literal<const T extends string>(expected: T): Reader<T> {
  return reader({ type: 'string', const: expected }, (value, path) => {
    if (value !== expected) throw new ReadError(path, JSON.stringify(expected));
    return expected;
  });
}

/** The value or null, described as zod describes `.nullable()`. */
export function nullable<T>(inner: Reader<T>): Reader<T | null> {
  const type = inner.shape.type;
  const simple =
    typeof type === 'string' && inner.shape.enum === undefined && Object.keys(inner.shape).length === 1;
  const shape = simple ? { type: [type, 'null'] } : { anyOf: [inner.shape, { type: 'null' }] };
  return reader(shape, (value, path) => (value === null ? null : inner.read(value, path)));
}

export function arrayOf<T>(item: Reader<T>): Reader<T[]> {
  return reader({ type: 'array', items: item.shape }, (value, path) => {
    if (!Array.isArray(value)) throw new ReadError(path, 'a list');
    const result: T[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) result[i] = item.read(value[i], `${path}[${i}]`);
    return result;
  });
}

/** Either reader's value, the first that reads it (zod's `z.union`). */
export function either<A, B>(first: Reader<A>, second: Reader<B>): Reader<A | B> {
  return reader({ anyOf: [first.shape, second.shape] }, (value, path) => {
    const a = first.safeParse(value);
    if (a.success) return a.data;
    return second.read(value, path);
  });
}

type Fields<T> = { [K in keyof T]-?: Reader<T[K]> };

/**
 * An object with exactly these fields, each required (the contract's answers have no optional ones);
 * keys it does not name are dropped, as zod's objects drop them.
 */
export function object<T extends object>(fields: Fields<T>): Reader<T> {
  const entries = Object.entries(fields) as [string, Reader<unknown>][];
  const properties: Record<string, Shape> = {};
  for (const [key, field] of entries) properties[key] = field.shape;
  const shape = {
    type: 'object',
    properties,
    required: entries.map(([key]) => key),
    additionalProperties: false,
  };
  return reader(shape, (value, path) => {
    if (!isRecord(value)) throw new ReadError(path, 'an object');
    const result: Record<string, unknown> = {};
    for (const [key, field] of entries) result[key] = field.read(value[key], path ? `${path}.${key}` : key);
    return result as T;
  });
}

/** Any value, kept as it is (zod's `z.unknown()`). */
export const anything: Reader<unknown> = reader({}, (value) => value);

/** A photo's address, or none (the contract's `{ url } | null`: a profile picture, a cover photo). */
export const picture: Reader<{ url: string } | null> = nullable(object({ url: str }));
