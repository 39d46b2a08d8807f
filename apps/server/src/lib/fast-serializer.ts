import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation for the hot read routes (issue 25). The zod type provider's serializer
 * parses every answer with zod (a second walk over data the service has just built) and then calls
 * JSON.stringify; on a 300-message conversation that walk cost more than the queries. A response
 * schema marked with `fastResponse()` is instead compiled once, at boot, into a fast-json-stringify
 * function from the JSON Schema zod makes of it: the same keys in the same order (the schema's), and
 * only the schema's keys, so nothing the service did not mean to send can leak, as with zod's strip.
 * What it does not do is check the values (an enum, a length): the rows come from the database's
 * own constraints. Other routes keep zod's serializer. The test fast-serializer.test.ts holds the
 * answers byte for byte against zod's.
 */
const marked = new WeakSet<z.ZodType>();

/** Marks a response schema for the compiled serializer; answers it unchanged (route schemas stay zod). */
export function fastResponse<T extends z.ZodType>(schema: T): T {
  // Compiled here too, so a schema the compiler cannot take fails at boot, not on the first answer.
  compileFast(schema);
  marked.add(schema);
  return schema;
}

type Node = Record<string, unknown>;
const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

class Unsupported extends Error {}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The type of a `const` or `enum` without one (zod writes both for literals). */
function typeOfValues(values: unknown[]): string {
  const types = new Set(values.map((v) => (Number.isInteger(v) ? 'integer' : typeof v)));
  const [only] = types;
  if (types.size !== 1 || !only || !SCALARS.has(only))
    throw new Unsupported(`values ${JSON.stringify(values)}`);
  return only;
}

/**
 * zod's JSON Schema reduced to what fast-json-stringify needs to write the same JSON: types,
 * properties (in order), required, items, additional properties. Nullable unions become a type list
 * (scalars) or `nullable` (objects, arrays), so no branch needs a validator at run time; any other
 * union, a tuple or a reference is refused.
 */
function reduce(node: unknown, where: string): Node {
  if (!isNode(node)) throw new Unsupported(`${where}: not a schema`);
  if (node.anyOf !== undefined || node.oneOf !== undefined) return reduceUnion(node, where);
  for (const key of ['allOf', '$ref', 'not', 'if', 'prefixItems', 'patternProperties']) {
    if (node[key] !== undefined) throw new Unsupported(`${where}: ${key}`);
  }
  let type = node.type;
  if (type === undefined && node.const !== undefined) type = typeOfValues([node.const]);
  if (type === undefined && Array.isArray(node.enum)) type = typeOfValues(node.enum);
  if (type === undefined) {
    // z.unknown(): written as JSON.stringify would.
    if (Object.keys(node).every((k) => k === 'description' || k === '$schema')) return {};
    throw new Unsupported(`${where}: no type`);
  }
  if (Array.isArray(type)) {
    if (!type.every((t) => t === 'null' || SCALARS.has(String(t)))) throw new Unsupported(`${where}: types`);
    return { type };
  }
  if (type === 'null' || SCALARS.has(String(type))) return { type };
  if (type === 'array') return { type, items: reduce(node.items ?? {}, `${where}[]`) };
  if (type === 'object') {
    const properties: Node = {};
    if (node.properties !== undefined) {
      if (!isNode(node.properties)) throw new Unsupported(`${where}: properties`);
      for (const [key, value] of Object.entries(node.properties)) {
        properties[key] = reduce(value, `${where}.${key}`);
      }
    }
    const extra = node.additionalProperties;
    // fast-json-stringify writes required keys before optional ones; zod writes the schema's order.
    // Only the required keys before the first optional one are declared required (their absence
    // throws, as zod's check would): the others could not be, without moving.
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const keys = Object.keys(properties);
    const firstOptional = keys.findIndex((k) => !required.has(k));
    const leading = firstOptional === -1 ? keys : keys.slice(0, firstOptional);
    return {
      type,
      properties,
      ...(leading.length ? { required: leading } : {}),
      additionalProperties: extra === undefined || extra === false ? false : reduce(extra, `${where}.*`),
    };
  }
  throw new Unsupported(`${where}: type ${String(type)}`);
}

function reduceUnion(node: Node, where: string): Node {
  const branches: Node[] = [];
  const flatten = (n: Node) => {
    const list = n.anyOf ?? n.oneOf;
    if (Array.isArray(list) && Object.keys(n).length === 1) {
      for (const b of list) {
        if (!isNode(b)) throw new Unsupported(`${where}: union`);
        flatten(b);
      }
    } else branches.push(n);
  };
  flatten(node);
  const nullable = branches.some((b) => b.type === 'null' && Object.keys(b).length === 1);
  const rest = branches
    .filter((b) => !(b.type === 'null' && Object.keys(b).length === 1))
    .map((b) => reduce(b, where));
  const scalarTypes = rest.map((b) =>
    typeof b.type === 'string' && SCALARS.has(b.type) ? b.type : undefined,
  );
  if (rest.length > 0 && scalarTypes.every((t) => t !== undefined)) {
    const types = [...new Set(scalarTypes)];
    // An integer and a number in one list would pick the first that matches: refused, to stay exact.
    if (types.includes('integer') && types.includes('number')) throw new Unsupported(`${where}: numbers`);
    return { type: nullable ? [...types, 'null'] : types.length === 1 ? types[0] : types };
  }
  const [only] = rest;
  if (rest.length === 1 && only && (only.type === 'object' || only.type === 'array')) {
    return nullable ? { ...only, nullable: true } : only;
  }
  throw new Unsupported(`${where}: a union of ${rest.length} kinds`);
}

/** The JSON Schema the compiled serializer is built from (exported for the test). */
export function fastSchemaOf(schema: z.ZodType): Node {
  // An empty registry: schemas with an id (.meta({ id })) are written in place, not as references.
  const json = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'throw',
    reused: 'inline',
    cycles: 'throw',
    metadata: z.registry(),
  });
  return reduce(json, '$');
}

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

function compileFast(schema: z.ZodType): (data: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(fastSchemaOf(schema)) as (data: unknown) => string;
    compiled.set(schema, serialize);
  }
  return serialize;
}

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

/** Above this many characters an answer is handed to Fastify as bytes. */
const BYTES_FROM = 16_384;

/**
 * A large answer (a page of 1,000 messages is over half a megabyte) encoded to UTF-8 once, here:
 * given a string, Fastify measures its bytes for Content-Length and the socket then encodes it again
 * (the two passes were a tenth of the messages page's CPU in a profile). Same bytes either way.
 */
function asBytesWhenLarge(serialize: (data: unknown) => string): (data: unknown) => string {
  return function compiledSerializer(data) {
    const json = serialize(data);
    // Fastify sends a Buffer as it is; its serializer type only names strings.
    return (json.length > BYTES_FROM ? Buffer.from(json) : json) as unknown as string;
  };
}

/**
 * Fastify's serializer compiler: the compiled function for marked schemas, zod's for the rest.
 * `useZod` forces zod's everywhere (the test compares both).
 */
export function createSerializerCompiler({ useZod = false }: { useZod?: boolean } = {}) {
  return (input: CompilerInput) => {
    const schema = input.schema;
    if (!useZod && schema instanceof z.ZodType && marked.has(schema))
      return asBytesWhenLarge(compileFast(schema));
    return zodSerializerCompiler(input);
  };
}
