import { z } from 'zod';

/**
 * The operations of the server's own OpenAPI document, and minimal valid requests built from their
 * schemas, so the authorization matrix covers a new route without being edited.
 */

export type JsonSchema = {
  type?: string | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  enum?: unknown[] | undefined;
  anyOf?: JsonSchema[] | undefined;
  oneOf?: JsonSchema[] | undefined;
  items?: JsonSchema | undefined;
  minItems?: number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minimum?: number | undefined;
  format?: string | undefined;
  default?: unknown;
};

const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z
    .object({
      type: z.string().optional(),
      properties: z.record(z.string(), jsonSchema).optional(),
      required: z.array(z.string()).optional(),
      enum: z.array(z.unknown()).optional(),
      anyOf: z.array(jsonSchema).optional(),
      oneOf: z.array(jsonSchema).optional(),
      items: jsonSchema.optional(),
      minItems: z.number().optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      minimum: z.number().optional(),
      format: z.string().optional(),
      default: z.unknown().optional(),
    })
    .loose(),
);

const operationSchema = z
  .object({
    security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
    parameters: z
      .array(
        z
          .object({
            in: z.string(),
            name: z.string(),
            required: z.boolean().optional(),
            schema: jsonSchema.optional(),
          })
          .loose(),
      )
      .optional(),
    requestBody: z
      .object({ content: z.record(z.string(), z.object({ schema: jsonSchema.optional() }).loose()) })
      .loose()
      .optional(),
  })
  .loose();

const documentSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) }).loose();

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type Method = Uppercase<(typeof METHODS)[number]>;

export type Operation = {
  method: Method;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  key: string;
  declaresBearer: boolean;
  pathParams: string[];
  requiredQuery: { name: string; schema: JsonSchema }[];
  /** Every query parameter, required or not. */
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body: { kind: 'json'; schema: JsonSchema } | { kind: 'multipart'; schema: JsonSchema } | undefined;
};

export function operationsOf(document: unknown): Operation[] {
  const doc = documentSchema.parse(document);
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      if (!(method in item)) continue;
      const op = operationSchema.parse(item[method]);
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const multipart = content['multipart/form-data'];
      const json = content['application/json'];
      const upper = method.toUpperCase() as Method;
      out.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        declaresBearer: (op.security ?? []).some((s) => 'bearerAuth' in s),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        requiredQuery: params
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: multipart
          ? { kind: 'multipart', schema: multipart.schema ?? {} }
          : json
            ? { kind: 'json', schema: json.schema ?? {} }
            : undefined,
      });
    }
  }
  return out;
}

/**
 * A minimal value the schema accepts. `named` gives the value of a property by its name (ids of real
 * rows, a word to search for), checked before the schema. Objects get their required properties (or
 * their first property when none is required: an update with nothing to update proves nothing), and
 * every property that `named` knows, so ids in bodies point at real rows too.
 */
export function sampleValue(
  schema: JsonSchema,
  named: Record<string, unknown>,
  name = '',
  word = 'matrix',
): unknown {
  if (name && name in named) return named[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return sampleValue(alternatives[0], named, name, word);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const chosen = schema.required?.length ? schema.required : Object.keys(properties).slice(0, 1);
      const keys = [...new Set([...chosen, ...Object.keys(properties).filter((key) => key in named)])];
      const value: Record<string, unknown> = {};
      for (const key of keys) value[key] = sampleValue(properties[key] ?? {}, named, key, word);
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleValue(schema.items ?? {}, named, '', word),
      );
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? 1));
    case 'boolean':
      return true;
    default: {
      // A URL field (a push subscription's endpoint): on a host that never resolves, which the
      // tests name as a push service (PUSH_SERVICE_HOSTS=push.invalid).
      if (schema.format === 'uri') return `https://push.invalid/${word}`;
      const min = schema.minLength ?? 1;
      const text = word.length >= min ? word : word.padEnd(min, 'x');
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
  }
}

/** The properties of a multipart schema that are files. */
export function fileFields(schema: JsonSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, s]) => s.format === 'binary')
    .map(([key]) => key);
}
