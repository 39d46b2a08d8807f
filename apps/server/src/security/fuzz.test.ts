import { failureSchema } from '@makan/contract/envelope';
import { isCatalogueText, TEXT, textOf } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';
import type { App } from '../lib/http.ts';
import { capturedMessages } from '../test/auth-helpers.ts';
import { multipartBody } from '../test/form.ts';
import { fuzzSettings, LEAKS } from '../test/fuzzing.ts';
import { type JsonSchema, type Operation, operationsOf, sampleValue } from '../test/openapi-operations.ts';
import { createTestApp } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';

/**
 * Issue 8, bad input. Every operation of the server's own OpenAPI document, called by a signed-in
 * user on real rows, gets generated malformed input of each class: bodies mutated property by
 * property (wrong types, huge strings, unicode edge cases, odd numbers, missing and extra fields),
 * invalid JSON text, wrong content types, bodies over the 1 MB limit, malformed path ids and query
 * values, and odd headers. Every answer must be under 500, the envelope with a catalogue text and
 * no trace of the server's insides; a refused request must leave the whole database as it was.
 *
 * The seed is fixed unless FUZZ_SEED is set (`random` picks one and prints it); FUZZ_RUNS sets the
 * runs per operation and class. Replay a failure with the printed seed.
 */

const { seed: SEED, runs: RUNS } = fuzzSettings({ seed: 20261123, runs: 2 });
/** Time for one class over every operation: generous, since a hard run sends thousands of requests. */
const LONG = Math.max(300_000, RUNS * 60_000);
console.log(`bad-input fuzzing: seed ${SEED}, ${RUNS} runs per operation and class (FUZZ_SEED=${SEED})`);

/** Multipart forms read part by part have an opaque schema in the document: their fields here. */
const MULTIPART_FIELDS: Record<string, { fields: Record<string, string>; file: string | undefined }> = {
  'POST /api/posts': {
    fields: { description: 'fuzz probe', property_type: 'office', location: 'Olaya' },
    file: 'images',
  },
  'PUT /api/posts/{id}/listing': {
    fields: {
      description: 'fuzz probe, edited',
      property_type: 'warehouse',
      location: 'Olaya',
      media_order: '',
    },
    file: 'images',
  },
  'POST /api/profile/picture': { fields: {}, file: 'picture' },
  'POST /api/profile/cover': { fields: {}, file: 'cover' },
  'POST /api/chat/conversations/{id}/files': { fields: { message: 'fuzz caption' }, file: 'file' },
  'POST /api/company-verification': { fields: { registration_number: '1010123456' }, file: 'document' },
};

/**
 * Tables whose rows may change while a refused request runs: the counters of the rate limiter, the
 * copies of data an earlier case asked for, prepared by the background jobs meanwhile, and the
 * notifications an earlier case's like or comment queued, written by their worker meanwhile, with
 * their pushes (sent, or tried again later, by the push worker; the first push makes the VAPID keys).
 */
const CHANGES_ON_REFUSAL = new Set([
  'rate_limits',
  'data_exports',
  'notification_events',
  'notifications',
  'notification_actors',
  'push_deliveries',
  'server_secrets',
]);

// ---------------------------------------------------------------------------------------------
// What a good refusal looks like.

const failure = z
  .object({
    status: z.literal(false),
    message: z.string().min(1),
    errors: z.record(z.string(), z.array(z.string().min(1))).optional(),
    code: failureSchema.shape.code,
    params: failureSchema.shape.params,
    codes: failureSchema.shape.codes,
  })
  .loose();

const stats = {
  requests: 0,
  refused: 0,
  accepted: 0,
  byClass: new Map<string, number>(),
  statuses: new Map<number, number>(),
};

function checkAnswer(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  what: string,
) {
  // The one 5xx by design: LinkedIn sign-in on a server without LinkedIn credentials.
  const notConfigured = res.statusCode === 503 && res.body.includes(TEXT.linkedinNotConfigured);
  if (!notConfigured) expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  for (const [name, re] of LEAKS)
    expect(re.test(res.body), `${what} shows ${name}: ${res.body.slice(0, 300)}`).toBe(false);
  if (res.statusCode < 400 || notConfigured) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    throw new Error(`${what}: ${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`);
  }
  const body = failure.safeParse(parsed);
  expect(body.success, `${what}: ${res.statusCode} is not the envelope: ${res.body.slice(0, 300)}`).toBe(
    true,
  );
  if (!body.success) return;
  expect(
    isCatalogueText(body.data.message),
    `${what}: '${body.data.message}' is not a text of the spec`,
  ).toBe(true);
  for (const [field, list] of Object.entries(body.data.errors ?? {})) {
    for (const text of list) {
      expect(isCatalogueText(text), `${what}: field ${field} says '${text}', not a text of the spec`).toBe(
        true,
      );
    }
  }
  // The keys a client translates by say the very words sent beside them.
  const { code, params, errors, codes } = body.data;
  if (code) expect(textOf({ code, params }), `${what}: code ${code}`).toBe(body.data.message);
  for (const [field, list] of Object.entries(codes ?? {})) {
    expect(list.map(textOf), `${what}: codes of ${field}`).toEqual(errors?.[field]);
  }
}

// ---------------------------------------------------------------------------------------------
// The world: a signed-in user with a post, a comment, a reply and a conversation with a message.

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
type User = Awaited<ReturnType<typeof signedInUser>>;
let alice: User;
let carol: User;
let operations: Operation[];
let cityId: number;
let auth: Record<string, string>;
let world: { post: number; comment: number; reply: number; conversation: number; message: number };
let snapshotQuery: ReturnType<typeof sql.raw>;
let ipSeq = 0;
let clockOffset = 0;
const clock = { now: () => new Date(Date.now() + clockOffset) };
const nextIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

const idOf = (res: { statusCode: number; body: string }, what: string) => {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return z.object({ data: z.object({ id: z.number() }).loose() }).parse(JSON.parse(res.body)).data.id;
};

async function buildWorld() {
  const form = await multipartBody({
    description: 'Office on Olaya',
    property_type: 'office',
    location: 'Olaya',
  });
  const post = idOf(
    await app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: form.payload,
      headers: { ...auth, ...form.headers },
    }),
    'post',
  );
  const api = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: auth, payload });
  const comment = idOf(await api(`/api/posts/${post}/comments`, { comment: 'Is it still free?' }), 'comment');
  const reply = idOf(
    await api(`/api/posts/${post}/comments`, { comment: 'Yes', parent_id: comment }),
    'reply',
  );
  const conversation = idOf(await api('/api/chat/conversations', { user_id: carol.id }), 'chat');
  const message = idOf(
    await api(`/api/chat/conversations/${conversation}/messages`, { content: 'the rent' }),
    'msg',
  );
  world = { post, comment, reply, conversation, message };
}

/** After an accepted request: sign in again if it ended the session, rebuild rows it removed. */
async function restore() {
  const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth });
  if (me.statusCode === 401) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: alice.email, password: alice.password },
      remoteAddress: nextIp(),
    });
    auth = {
      authorization: `Bearer ${z.object({ data: z.object({ token: z.string() }) }).parse(res.json()).data.token}`,
    };
  }
  const alive = await database.db.execute(sql`
    select (select count(*)::int from posts where id = ${world.post})
         + (select count(*)::int from comments where id in (${world.comment}, ${world.reply}))
         + (select count(*)::int from conversation_participants
              where conversation_id = ${world.conversation} and user_id = ${alice.id} and left_at is null)
         + (select count(*)::int from messages where id = ${world.message} and is_deleted = false) as n`);
  const n = z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(alive).rows[0]?.n;
  if (n !== 5) {
    // Rebuilding posts again and again would meet the posts-per-hour limit (a 429 here, not a
    // finding): the rebuild happens an hour later by the server's clock.
    clockOffset += 61 * 60_000;
    await buildWorld();
  }
}

/** Every table's row count and a hash of all its rows. */
async function snapshot() {
  const result = await database.db.execute(snapshotQuery);
  return z.object({ rows: z.array(z.object({ t: z.string(), n: z.number(), h: z.string() })) }).parse(result)
    .rows;
}

// ---------------------------------------------------------------------------------------------
// Generators.

const UNICODE_PIECES = [
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  '\u202E', // right-to-left override
  '\u200F', // right-to-left mark
  '\u200B', // zero-width space
  '\u200D', // zero-width joiner
  '\uFEFF', // byte order mark
  '\u0000', // NUL
  '\u0007',
  '\uFFFF',
  '\uFFFD',
  '👨‍👩‍👧‍👦',
  '🏢',
  'مكتب',
  'e\u0301\u0301\u0301',
  '\u00A0',
  '\r\n',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '%00',
  '$\u007B7*7}', // a template placeholder
];
const unicodeText = fc
  .array(fc.oneof(fc.constantFrom(...UNICODE_PIECES), fc.string({ unit: 'binary', maxLength: 8 })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

/** Numbers written as JSON text, for the ones JSON.stringify cannot write (1e309, -0, 20 digits). */
const RAW_NUMBERS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '-1e309',
  '1e-400',
  '99999999999999999999',
  '9007199254740993',
  '-9223372036854775809',
  '2147483648',
  '1E2',
  '0.0000001',
];
const rawNumber = fc.constantFrom(...RAW_NUMBERS);

/**
 * Huge values travel through the generators as a short token, expanded just before sending, so a
 * failure prints `~~HUGE:1000000:x~~` rather than a megabyte.
 */
const huge = (n: number, c: string) => `~~HUGE:${n}:${c}~~`;
const expand = (text: string) =>
  text.replace(/~~HUGE:(\d+):(.+?)~~/gu, (_, n: string, c: string) =>
    c.repeat(Math.ceil(Number(n) / c.length)),
  );
const HUGE_SIZES = [1001, 5001, 70_000, 1_000_000];
const hugeText = fc
  .tuple(fc.constantFrom(...HUGE_SIZES), fc.constantFrom('x', 'é', '🏢', '\u200B', '9'))
  .map(([n, c]) => huge(n, c));

/** A value of some JSON type, rendered as JSON text. */
const anyJsonText = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
  rawNumber,
  unicodeText.map((s) => JSON.stringify(s)),
);

const typeOf = (schema: JsonSchema): string | undefined =>
  schema.type ??
  (schema.anyOf ?? schema.oneOf)?.[0]?.type ??
  (schema.enum ? typeof schema.enum[0] : undefined);

/** A value of a type the schema does not have. */
function wrongTypeText(schema: JsonSchema) {
  const type = typeOf(schema);
  const options: [string, fc.Arbitrary<string>][] = [
    ['string', fc.string({ maxLength: 10 }).map((s) => JSON.stringify(s))],
    ['number', fc.oneof(fc.integer().map(String), rawNumber)],
    ['integer', fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d))],
    ['boolean', fc.boolean().map(String)],
    ['null', fc.constant('null')],
    ['array', fc.array(fc.integer(), { maxLength: 3 }).map((a) => JSON.stringify(a))],
    ['object', fc.constantFrom('{}', '{"a":1}', '{"$gt":""}')],
  ];
  return fc.oneof(
    ...options.filter(([t]) => t !== type && !(type === 'number' && t === 'integer')).map(([, a]) => a),
  );
}

type BodyCase =
  | { kind: 'wrong type' | 'unicode' | 'number' | 'huge string'; property: string; text: string }
  | { kind: 'missing'; properties: string[] }
  | { kind: 'extra'; fields: string }
  | { kind: 'root'; text: string };

const EXTRA_FIELDS = [
  '"__proto__":{"isAdmin":true}',
  '"constructor":{"prototype":{"isAdmin":true}}',
  '"id":1',
  '"user_id":1',
  '"is_admin":true',
  '"role":"admin"',
  '"email_verified_at":"2020-01-01"',
  '"created_at":"1970-01-01"',
  '"":""',
  '"a":1,"a":2',
];

function bodyCase(schema: JsonSchema): fc.Arbitrary<BodyCase> {
  const properties = Object.keys(schema.properties ?? {});
  const pick = properties.length > 0 ? fc.constantFrom(...properties) : fc.constant('fuzz');
  const propertyCase = (kind: 'unicode' | 'number' | 'huge string', text: fc.Arbitrary<string>) =>
    fc.record({ kind: fc.constant(kind), property: pick, text });
  return fc.oneof(
    pick.chain((property) =>
      wrongTypeText(schema.properties?.[property] ?? {}).map(
        (text): BodyCase => ({ kind: 'wrong type', property, text }),
      ),
    ),
    propertyCase(
      'unicode',
      unicodeText.map((s) => JSON.stringify(s)),
    ),
    propertyCase('number', rawNumber),
    propertyCase(
      'huge string',
      hugeText.map((s) => JSON.stringify(s)),
    ),
    fc
      .subarray(schema.required?.length ? schema.required : properties, { minLength: 1 })
      .map((list): BodyCase => ({ kind: 'missing', properties: list })),
    fc
      .subarray(EXTRA_FIELDS, { minLength: 1, maxLength: 3 })
      .map((list): BodyCase => ({ kind: 'extra', fields: list.join(',') })),
    fc
      .oneof(fc.constantFrom('[]', '[{}]', '"text"', '42', 'null', 'true', '{}', '[[[[[[]]]]]]'), anyJsonText)
      .map((text): BodyCase => ({ kind: 'root', text })),
  );
}

/** The valid body with one mutation, as JSON text. */
function applyBodyCase(valid: Record<string, unknown>, c: BodyCase): string {
  switch (c.kind) {
    case 'root':
      return c.text;
    case 'missing': {
      const copy = { ...valid };
      for (const p of c.properties) delete copy[p];
      return JSON.stringify(copy);
    }
    case 'extra': {
      const text = JSON.stringify(valid);
      return text === '{}' ? `{${c.fields}}` : `${text.slice(0, -1)},${c.fields}}`;
    }
    default: {
      const marker = '\u0001fuzz\u0001';
      return JSON.stringify({ ...valid, [c.property]: marker }).replace(JSON.stringify(marker), c.text);
    }
  }
}

const INVALID_JSON = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '\uFEFF{}',
    '{"a":"\\x00"}',
    '{"a":"\\uD800"}',
    '{"a":1}{"b":2}',
    'null null',
    '[1,2',
    '{"a":01}',
    '{"a":.5}',
    '{"a":"\u0000"}',
    '/* comment */ {}',
  ),
  fc.integer({ min: 1000, max: 100_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1000, max: 50_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/**
 * Ids the contract coerces with JavaScript's Number(): '0x10', '1e3' and ' 1' name rows 16, 1000
 * and 1. Lenient, not harmful (the same row a plain id names, under the same permission checks),
 * so these may be answered; every other malformed id must be refused.
 */
const coercesToId = (id: string) => {
  let n: number;
  try {
    n = Number(decodeURIComponent(id));
  } catch {
    return false;
  }
  return id.trim() !== '' && Number.isSafeInteger(n) && n > 0 && !/^\d+$/.test(id);
};

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/octet-stream',
  'image/png',
  'json',
  '*/*',
  ';',
  'application/json, text/plain',
];

const MALFORMED_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  '1e3',
  '99999999999999999999',
  '9223372036854775808',
  '2147483648',
  '..%2F',
  '..',
  '%2E%2E%2F..%2Fetc%2Fpasswd',
  '%00',
  '%F0%9F%8F%A2',
  '%E2%80%AE1',
  '%ZZ',
  '%',
  'NaN',
  'Infinity',
  '0x10',
  ' 1',
  '1%20',
  '1;select%201',
  "1'",
  'null',
  'undefined',
  '[]',
  huge(400, '9'),
];

const HEADER_CASES: [string, (token: string) => Record<string, string>][] = [
  ['huge bearer', () => ({ authorization: `Bearer ${'a'.repeat(60_000)}` })],
  ['huge authorization', () => ({ authorization: 'x'.repeat(60_000) })],
  ['bearer without token', () => ({ authorization: 'Bearer' })],
  ['bearer with spaces', () => ({ authorization: 'Bearer    ' })],
  ['token without scheme', (t) => ({ authorization: t })],
  ['token twice', (t) => ({ authorization: `Bearer ${t}${t}` })],
  ['two schemes', (t) => ({ authorization: `Bearer ${t}, Basic abc` })],
  ['latin-1 token', () => ({ authorization: 'Bearer \u00ff\u00fe\u00e9' })],
  ['truncated token', (t) => ({ authorization: `Bearer ${t.slice(0, -1)}` })],
  ['basic scheme', () => ({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })],
];

const ODD_HEADERS = fc.record(
  {
    accept: fc.constantFrom('application/xml', '*/*;q=abc', huge(10_000, 'x'), ''),
    'accept-language': fc.constantFrom('zz', 'ar-SA;q=2', huge(10_000, 'x'), '*', ',,,'),
    'x-forwarded-for': fc.constantFrom(
      'not-an-ip',
      '999.1.1.1',
      '::ffff:1.1.1.1, garbage',
      huge(4000, '1.1.1.1,'),
    ),
    'accept-encoding': fc.constantFrom('gzip;q=nope', 'zz', ''),
    'content-encoding': fc.constantFrom('gzip', 'br', 'identity, gzip'),
    cookie: fc.constantFrom('a', '=;=;=', `token=${huge(5000, 'x')}`),
    'if-none-match': fc.constantFrom('"', '*', 'W/'),
    'x-request-id': fc.constantFrom(huge(8000, 'x'), '\u00ff'),
    origin: fc.constantFrom('null', 'http://evil.example', 'x'),
  },
  { requiredKeys: [] },
);

// ---------------------------------------------------------------------------------------------
// Requests.

function pathIds(op: Operation): Record<string, number> {
  const segments = op.path.split('/');
  const ids: Record<string, number> = {};
  for (const param of op.pathParams) {
    const resource = param === 'id' ? segments[segments.indexOf('{id}') - 1] : param;
    ids[param] =
      param === 'commentId'
        ? world.comment
        : param === 'messageId'
          ? world.message
          : resource === 'posts'
            ? world.post
            : resource === 'comments'
              ? world.comment
              : resource === 'profiles'
                ? carol.id
                : resource === 'conversations'
                  ? world.conversation
                  : resource === 'cities'
                    ? cityId
                    : 1;
  }
  return ids;
}

function urlOf(op: Operation, override: Record<string, string> = {}, query?: string) {
  let url = op.path;
  const ids = pathIds(op);
  for (const param of op.pathParams) url = url.replace(`{${param}}`, override[param] ?? String(ids[param]));
  if (query !== undefined) return query ? `${url}?${query}` : url;
  const search = new URLSearchParams();
  for (const q of op.requiredQuery) search.set(q.name, String(sampleValue(q.schema, {}, q.name, 'office')));
  return search.size > 0 ? `${url}?${search}` : url;
}

const namedIds = () => ({
  user_id: carol.id,
  conversation_ids: [world.conversation],
  message_id: world.message,
  reply_to_id: world.message,
  parent_id: world.comment,
  location_id: cityId,
  preferred_locations: [cityId],
});

function validBody(op: Operation): Record<string, unknown> {
  if (op.body?.kind !== 'json') return {};
  const value = sampleValue(op.body.schema, namedIds());
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

async function send(op: Operation, kind: string, options: Omit<InjectOptions, 'method'>) {
  stats.requests += 1;
  stats.byClass.set(kind, (stats.byClass.get(kind) ?? 0) + 1);
  const before = await snapshot();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.headers ?? {})) headers[k] = expand(String(v));
  const res = await app.inject({
    method: op.method,
    remoteAddress: nextIp(),
    ...options,
    url: expand(String(options.url)),
    headers,
    ...(typeof options.payload === 'string' ? { payload: expand(options.payload) } : {}),
  });
  stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
  const what = `${op.key} [${kind}] ${String(options.url).slice(0, 120)}`;
  checkAnswer(res, what);
  if (res.statusCode >= 400) {
    stats.refused += 1;
    const after = await snapshot();
    const changed = after
      .filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]))
      .map((r) => r.t);
    expect(changed, `${what} was refused (${res.statusCode}) but changed these tables`).toEqual([]);
  } else {
    stats.accepted += 1;
    if (op.method !== 'GET') await restore();
  }
  return res;
}

const jsonHeaders = (extra: Record<string, string> = {}) => ({
  ...auth,
  'content-type': 'application/json',
  ...extra,
});

async function multipartFor(
  op: Operation,
  mutate: (fields: Record<string, string>) => Record<string, string>,
) {
  const form = MULTIPART_FIELDS[op.key];
  if (!form) throw new Error(`${op.key}: say in MULTIPART_FIELDS which fields its form has`);
  return multipartBody(mutate({ ...form.fields }), []);
}

function run<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  salt: string,
  runs = RUNS,
) {
  let h = SEED;
  for (const ch of salt) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      await predicate(value);
    }),
    { seed: h, numRuns: runs, endOnFailure: true },
  );
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  ({ app, database } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms, clock }));
  await app.ready();
  operations = operationsOf(app.swagger());
  const cities = await app.inject({ method: 'GET', url: '/api/cities' });
  cityId =
    z.object({ data: z.array(z.object({ id: z.number() })).min(1) }).parse(cities.json()).data[0]?.id ?? 0;
  alice = await signedInUser(app, messages, { name: 'Alice Fuzz' });
  carol = await signedInUser(app, messages, { name: 'Carol Fuzz' });
  auth = alice.auth;
  await buildWorld();
  const tables = z
    .object({ rows: z.array(z.object({ t: z.string() })) })
    .parse(
      await database.db.execute(
        sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    )
    .rows.map((r) => r.t)
    .filter((t) => !CHANGES_ON_REFUSAL.has(t));
  expect(tables.length).toBeGreaterThan(10);
  snapshotQuery = sql.raw(
    tables
      .map(
        (t) =>
          `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
      )
      .join(' union all '),
  );
});

afterAll(async () => {
  const classes = [...stats.byClass].map(([k, n]) => `${k} ${n}`).join(', ');
  const statuses = [...stats.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `bad-input fuzzing (seed ${SEED}): ${operations?.length ?? 0} operations, ${stats.requests} requests (${stats.refused} refused, ${stats.accepted} accepted); ${classes}; statuses ${statuses}`,
  );
  await app?.close();
});

const jsonOps = () => operations.filter((op) => op.body?.kind === 'json');
const bodyOps = () => operations.filter((op) => op.method !== 'GET');

describe('bad input (issue 8): never a 5xx, always the envelope, nothing changed by a refusal', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(jsonOps().length).toBeGreaterThan(15);
  });

  it('answers the cases fuzzing once found with the right 4xx (regressions)', async () => {
    const byKey = (key: string) => {
      const op = operations.find((o) => o.key === key);
      if (!op) throw new Error(`no operation ${key}`);
      return op;
    };
    const cases: [string, string, string | undefined, number][] = [
      // NUL in text: PostgreSQL cannot store it (was a 500).
      [
        'PUT /api/posts/{id}/comments/{commentId}',
        `/api/posts/${world.post}/comments/${world.comment}`,
        '{"comment":"a\\u0000b"}',
        422,
      ],
      ['POST /api/posts/{id}/comments', `/api/posts/${world.post}/comments`, '{"comment":"\\u0000"}', 422],
      ['PUT /api/posts/{id}', `/api/posts/${world.post}`, '{"description":"x\\u0000"}', 422],
      // An id past the integer column's range (was a 500).
      ['POST /api/posts/{id}/comments', '/api/posts/2147483648/comments', '{"comment":"hi"}', 404],
      [
        'POST /api/posts/{id}/comments',
        `/api/posts/${world.post}/comments`,
        '{"comment":"hi","parent_id":2147483648}',
        404,
      ],
      // A path segment longer than the router allows, a broken %-escape (were Fastify's own JSON).
      ['GET /api/posts/{id}', `/api/posts/${'9'.repeat(400)}`, undefined, 400],
      ['GET /api/posts/{id}', '/api/posts/%E0%A4%A', undefined, 400],
    ];
    for (const [key, url, payload, status] of cases) {
      const res = await send(byKey(key), 'regression', {
        url,
        headers: jsonHeaders(),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${key} ${url}: ${res.body}`).toBe(status);
    }
    // A multipart form cut short (was a 500).
    const form = await multipartFor(byKey('POST /api/posts'), (fields) => fields);
    const cut = await send(byKey('POST /api/posts'), 'regression', {
      url: '/api/posts',
      payload: form.payload.subarray(0, form.payload.length - 25),
      headers: { ...auth, ...form.headers },
    });
    expect(cut.statusCode, cut.body).toBe(400);
  });

  it(
    'mutated JSON bodies: wrong types, unicode, odd numbers, huge strings, missing and extra fields',
    async () => {
      for (const op of jsonOps()) {
        await run(
          bodyCase(op.body?.schema ?? {}),
          async (c) => {
            await send(op, `body ${c.kind}`, {
              url: urlOf(op),
              payload: applyBodyCase(validBody(op), c),
              headers: jsonHeaders(),
            });
          },
          op.key,
          // Seven kinds of mutation share these runs.
          RUNS * 4,
        );
      }
    },
    LONG,
  );

  it(
    'invalid JSON text',
    async () => {
      for (const op of bodyOps()) {
        await run(
          INVALID_JSON,
          async (text) => {
            await send(op, 'invalid json', { url: urlOf(op), payload: text, headers: jsonHeaders() });
          },
          `${op.key} json`,
        );
      }
    },
    LONG,
  );

  it(
    'wrong content types',
    async () => {
      for (const op of bodyOps()) {
        await run(
          fc.tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), fc.boolean()),
          async ([type, asJson]) => {
            // The valid body under a wrong type, or a multipart route's form sent as JSON.
            const payload = asJson || op.body?.kind !== 'json' ? JSON.stringify(validBody(op)) : 'a=1&b=%00';
            await send(op, 'content type', {
              url: urlOf(op),
              payload,
              headers: { ...auth, 'content-type': type },
            });
          },
          `${op.key} type`,
        );
        if (op.body?.kind === 'multipart') {
          await send(op, 'content type', { url: urlOf(op), payload: '{}', headers: jsonHeaders() });
        }
      }
    },
    LONG,
  );

  it(
    'multipart forms: text where a file belongs, unicode and huge fields, broken parts',
    async () => {
      const multipartOps = operations.filter((op) => op.body?.kind === 'multipart');
      expect(multipartOps.length).toBeGreaterThan(2);
      for (const op of multipartOps) {
        const form = MULTIPART_FIELDS[op.key];
        const names = [...Object.keys(form?.fields ?? {}), ...(form?.file ? [form.file] : [])];
        await run(
          fc.oneof(
            fc.record({
              kind: fc.constant('field' as const),
              name: fc.constantFrom(...names),
              value: fc.oneof(unicodeText, hugeText),
            }),
            fc.record({ kind: fc.constant('broken' as const), cut: fc.integer({ min: 1, max: 200 }) }),
          ),
          async (c) => {
            if (c.kind === 'field') {
              const body = await multipartFor(op, (fields) => ({ ...fields, [c.name]: c.value }));
              await send(op, 'multipart', {
                url: urlOf(op),
                payload: body.payload,
                headers: { ...auth, ...body.headers },
              });
            } else {
              const body = await multipartFor(op, (fields) => fields);
              await send(op, 'multipart', {
                url: urlOf(op),
                payload: body.payload.subarray(0, Math.max(0, body.payload.length - c.cut)),
                headers: { ...auth, ...body.headers },
              });
            }
          },
          `${op.key} multipart`,
        );
      }
    },
    LONG,
  );

  it(
    'bodies over the 1 MB limit',
    async () => {
      for (const op of bodyOps()) {
        const payload = JSON.stringify({ ...validBody(op), padding: 'x'.repeat(1024 * 1024 + 10) });
        const res = await send(op, 'oversized', { url: urlOf(op), payload, headers: jsonHeaders() });
        expect(res.statusCode, `${op.key} oversized: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      }
    },
    LONG,
  );

  it(
    'malformed path ids',
    async () => {
      for (const op of operations.filter((o) => o.pathParams.length > 0)) {
        await run(
          fc.tuple(fc.constantFrom(...op.pathParams), fc.constantFrom(...MALFORMED_IDS)),
          async ([param, id]) => {
            const body = op.body?.kind === 'json' ? { payload: JSON.stringify(validBody(op)) } : {};
            const res = await send(op, 'path id', {
              url: urlOf(op, { [param]: id }),
              headers: jsonHeaders(),
              ...body,
            });
            if (!coercesToId(id)) {
              expect(
                res.statusCode,
                `${op.method} ${urlOf(op, { [param]: id })}: ${res.body.slice(0, 200)}`,
              ).toBeGreaterThanOrEqual(400);
            }
          },
          `${op.key} path`,
        );
      }
    },
    LONG,
  );

  it(
    'malformed query values',
    async () => {
      for (const op of operations.filter((o) => o.query.length > 0)) {
        const names = op.query.map((q) => q.name);
        await run(
          fc.tuple(
            fc.constantFrom(...names),
            fc.oneof(
              fc.constantFrom(...MALFORMED_IDS),
              unicodeText.map(percentEncode),
              fc.constantFrom(huge(100_000, 'x'), '', '%', '&&&', 'a=b=c'),
            ),
            fc.constantFrom('plain', 'repeated', 'bracket', 'missing'),
          ),
          async ([name, value, shape]) => {
            const rest = op.requiredQuery
              .filter((q) => q.name !== name)
              .map(
                (q) => `${q.name}=${encodeURIComponent(String(sampleValue(q.schema, {}, q.name, 'office')))}`,
              );
            const own =
              shape === 'repeated'
                ? `${name}=${value}&${name}=${value}`
                : shape === 'bracket'
                  ? `${name}[a]=${value}`
                  : shape === 'missing'
                    ? ''
                    : `${name}=${value}`;
            const query = [...rest, own].filter(Boolean).join('&');
            const body = op.body?.kind === 'json' ? { payload: JSON.stringify(validBody(op)) } : {};
            await send(op, 'query', { url: urlOf(op, {}, query), headers: jsonHeaders(), ...body });
          },
          `${op.key} query`,
        );
      }
    },
    LONG,
  );

  it(
    'odd headers: broken credentials are refused, junk elsewhere is harmless',
    async () => {
      const token = (auth.authorization ?? '').replace(/^Bearer /, '');
      for (const op of operations.filter((o) => o.declaresBearer)) {
        await run(
          fc.tuple(fc.constantFrom(...HEADER_CASES), ODD_HEADERS),
          async ([[name, header], odd]) => {
            const body = op.body?.kind === 'json' ? { payload: JSON.stringify(validBody(op)) } : {};
            const res = await send(op, 'header', {
              url: urlOf(op),
              headers: { 'content-type': 'application/json', ...odd, ...header(token) },
              ...body,
            });
            expect(res.statusCode, `${op.key} with ${name}: ${res.body.slice(0, 200)}`).toBe(401);
          },
          `${op.key} header`,
        );
      }
      // Junk headers with good credentials on reading routes: answered, never a 5xx.
      for (const op of operations.filter((o) => o.method === 'GET')) {
        await run(
          ODD_HEADERS,
          async (odd) => {
            await send(op, 'header', { url: urlOf(op), headers: { ...odd, ...auth } });
          },
          `${op.key} odd`,
        );
      }
    },
    LONG,
  );
});
