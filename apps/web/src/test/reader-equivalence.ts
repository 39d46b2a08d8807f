import { expect, it } from 'vitest';
import { z } from 'zod';
import type { Reader, Shape } from '../lib/read.ts';

/**
 * Holds a zod-free reader (lib/read.ts) equal to the contract schema it stands for: the same description
 * (zod's JSON Schema of its output, field by field), and the same verdict and value for a valid answer
 * and for that answer with each of its values, one at a time, replaced by a wrong one or removed.
 */
export function expectReaderMatchesSchema(reader: Reader<unknown>, schema: z.ZodType) {
  const { $schema: _, ...described } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  expect(reader.shape).toEqual(described);

  let cases = 0;
  const compare = (value: unknown, where: string) => {
    cases += 1;
    const byZod = schema.safeParse(value);
    const byReader = reader.safeParse(value);
    expect(byReader.success, `${where}: zod says ${byZod.success ? 'valid' : 'invalid'}`).toBe(byZod.success);
    if (byZod.success && byReader.success) expect(byReader.data, where).toEqual(byZod.data);
  };
  for (const variant of [0, 1]) {
    const valid = sample(reader.shape, variant);
    compare(valid, `valid sample ${variant}`);
    for (const path of paths(valid)) {
      for (const wrong of WRONG) compare(replaced(valid, path, wrong), `${path.join('.')} = ${label(wrong)}`);
      compare(replaced(valid, path, REMOVED), `${path.join('.')} removed`);
    }
  }
  return cases;
}

/** One test per pair: each reader read as the contract's schema named beside it. */
export function itReadsAsItsSchema(pairs: ReadonlyArray<readonly [string, Reader<unknown>, z.ZodType]>) {
  it.each(pairs)('%s', (_name, reader, schema) => {
    expect(expectReaderMatchesSchema(reader, schema)).toBeGreaterThan(10);
  });
}

const REMOVED = Symbol('removed');
const WRONG: unknown[] = [null, 'x', '', 1.5, 7, -3, 2 ** 60, Number.NaN, true, [], {}, [1], { a: 1 }];
const label = (value: unknown) => (typeof value === 'number' ? String(value) : JSON.stringify(value));

/**
 * A valid value for a description: variant 0 takes the value side of each nullable and the first of
 * each choice, variant 1 null and the last; lists hold two items, objects an extra unknown key too.
 */
export function sample(shape: Shape, variant: number): unknown {
  if (Array.isArray(shape.anyOf)) {
    const options = shape.anyOf as Shape[];
    return sample(options[variant === 0 ? 0 : options.length - 1] as Shape, variant);
  }
  if (shape.const !== undefined) return shape.const;
  if (Array.isArray(shape.enum)) {
    const values = shape.enum as unknown[];
    return values[variant === 0 ? 0 : values.length - 1];
  }
  const type = Array.isArray(shape.type) ? (shape.type as string[])[variant === 0 ? 0 : 1] : shape.type;
  switch (type) {
    case 'null':
      return null;
    case 'string':
      return variant === 0 ? 'text' : '';
    case 'boolean':
      return variant === 0;
    case 'integer':
      return variant === 0 ? 42 : 0;
    case 'number':
      return variant === 0 ? 12.5 : -3;
    case 'array':
      return [sample(shape.items as Shape, variant), sample(shape.items as Shape, 1 - variant)];
    case 'object': {
      const result: Record<string, unknown> = { unknown_key: 'dropped' };
      for (const [key, field] of Object.entries(shape.properties as Record<string, Shape>))
        result[key] = sample(field, variant);
      return result;
    }
    default:
      throw new Error(`no sample for ${JSON.stringify(shape)}`);
  }
}

/** Every path to a value inside `value` (object keys and list indexes), the root's included. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const found = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) found.push(...paths(item, [...prefix, i]));
  } else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) found.push(...paths(item, [...prefix, key]));
  return found;
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by === REMOVED ? undefined : by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    const index = head as number;
    if (rest.length === 0 && by === REMOVED) copy.splice(index, 1);
    else copy[index] = replaced(copy[index], rest, by);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const key = String(head);
  if (rest.length === 0 && by === REMOVED) delete copy[key];
  else copy[key] = replaced(copy[key], rest, by);
  return copy;
}
