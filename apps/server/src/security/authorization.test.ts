import { HTTP_TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';
import { sha256 } from '../lib/hash.ts';
import type { App } from '../lib/http.ts';
import { capturedMessages } from '../test/auth-helpers.ts';
import { type FileSpec, multipartBody } from '../test/form.ts';
import { fileFields, type Operation, operationsOf, sampleValue } from '../test/openapi-operations.ts';
import { createTestApp } from '../test/test-app.ts';
import { scaled } from '../test/time-scale.ts';
import { signedInUser } from '../test/users.ts';

/**
 * Issue 8, the authorization matrix. Every operation of the server's own OpenAPI document is called
 * with no token, a garbage, an expired and a revoked token, and with another user's token against
 * the first user's posts, comments, replies, conversation, messages, files and bookmarks. A route
 * added later is covered without editing this file: it is found in the document, classified by
 * how it answers an anonymous caller, and filled with real ids by the name of its path parameters.
 */

/**
 * Public by design (spec §6: anonymous users may sign up, log in, verify, reset passwords, see
 * companies and information pages). Any other route must answer an anonymous caller 401, or the
 * test fails: a new public route has to be added here on purpose.
 */
const PUBLIC_BY_DESIGN = new Set([
  // Probes for the load balancer and the orchestrator.
  'GET /health/live',
  'GET /health/ready',
  // Signing up, verifying, logging in and resetting a password happen before there is a token.
  'POST /api/auth/register',
  'POST /api/auth/verify-otp',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-verification',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // The owner of an account locked by wrong passwords signs in with a code (issue 20): no token yet.
  'POST /api/auth/unlock/send',
  'POST /api/auth/unlock',
  'GET /api/auth/linkedin',
  'POST /api/auth/linkedin/callback',
  // The onboarding questions are static texts, shown before the answers are sent with a token.
  'GET /api/onboarding/questions',
  // The companies page (spec §2) lists profiles to anonymous visitors; hidden contacts stay hidden.
  'GET /api/profiles-list/all',
  // Reference data for the sign-up and post forms.
  'GET /api/cities',
  'GET /api/cities/{id}',
  // The contact form of the information pages.
  'POST /api/contact',
  // Chat attachments: the signed, time-limited address is the permission (tested below).
  'GET /api/chat/files/{id}',
  // One-click unsubscribe from notification emails (RFC 8058, issue 22): the signed link is the
  // permission (digest.test.ts refuses a forged one).
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  // The VAPID public key (issue 22): public by nature, every push service sees it in each push.
  'GET /api/push/key',
]);

/**
 * The moderation console's routes (issue 21): a member, owner of the resource or not, is refused with
 * 403; moderators and admins use them (tested below); only admins manage moderators.
 */
const isStaffOnly = (op: Operation) => op.path.startsWith('/api/admin/') && op.key !== 'GET /api/admin/me';
const ADMIN_ONLY = new Set(['POST /api/admin/moderators', 'DELETE /api/admin/moderators/{id}']);

/**
 * Operations on another user's resource that a signed-in user may perform by design: they read
 * public content or act on the caller's own state (their like, bookmark, comment or follow). Every
 * other operation with a path parameter must refuse user B on user A's resources with 403 or 404.
 */
const SHARED_BY_DESIGN = new Set([
  'GET /api/posts/{id}',
  'POST /api/posts/{id}/like',
  'POST /api/posts/{id}/bookmark',
  'GET /api/posts/{id}/comments',
  'POST /api/posts/{id}/comments',
  'GET /api/posts/{id}/comments/{commentId}',
  'GET /api/comments/{id}/replies',
  'GET /api/profiles/{id}',
  'GET /api/profiles/{id}/full',
  'POST /api/profiles/{id}/follow',
  'DELETE /api/profiles/{id}/follow',
  // Blocking acts on the caller's own list (issue 21): anyone may block or unblock anyone.
  'POST /api/users/{id}/block',
  'DELETE /api/users/{id}/block',
]);

/**
 * Bodies a schema cannot sample because they hold the caller's own secrets (issue 20's account routes:
 * the current password, the code sent to a new address): used where the owner must succeed.
 */
const OWNER_BODIES: Record<string, (owner: User) => Promise<object>> = {
  'POST /api/account/password': async (owner) => ({
    current_password: owner.password,
    password: 'Matrix123',
    password_confirmation: 'Matrix123',
  }),
  'POST /api/account/contact': async (owner) => ({
    channel: 'email',
    value: `new.${owner.email}`,
    current_password: owner.password,
  }),
  'POST /api/account/deletion': async (owner) => ({ current_password: owner.password }),
  // A saved search looks for something (issue 23): the sample's empty criteria are refused.
  'POST /api/saved-searches': async () => ({ criteria: { purpose: 'rent' } }),
  // A device is removed by whoever subscribed it (issue 22): the owner subscribes one first.
  'DELETE /api/push/subscriptions': async (owner) => {
    const endpoint = `https://push.invalid/${owner.id}`;
    const keys = { p256dh: 'BAAA', auth: 'AAAA' };
    const made = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: owner.auth,
      payload: { endpoint, keys },
    });
    expect(made.statusCode, made.body).toBe(201);
    return { endpoint };
  },
  // The code is for accounts without a password (LinkedIn only): the owner becomes one.
  'POST /api/account/code': async (owner) => {
    await database.db.execute(sql`update users set password_hash = null where id = ${owner.id}`);
    return { action: 'deletion' };
  },
  'POST /api/account/contact/confirm': async (owner) => {
    const value = `new.${owner.email}`;
    const asked = await app.inject({
      method: 'POST',
      url: '/api/account/contact',
      headers: owner.auth,
      payload: { channel: 'email', value, current_password: owner.password },
      remoteAddress: '198.51.100.8',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return { channel: 'email', code: messages.lastEmailCode(value) };
  },
};

/** Multipart forms read part by part have an opaque schema in the document: their fields here. */
const MULTIPART_FORMS: Record<string, { fields: Record<string, string>; files: FileSpec[] }> = {
  'POST /api/posts': {
    fields: { description: 'matrix probe', property_type: 'office', location: 'Olaya' },
    files: [],
  },
  'PUT /api/posts/{id}/listing': {
    fields: { description: 'matrix probe, edited', property_type: 'warehouse', location: 'Olaya' },
    files: [],
  },
  'POST /api/company-verification': {
    fields: { registration_number: '1010123456' },
    files: [
      { field: 'document', name: 'cr.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
    ],
  },
};

/** Operations only one kind of account may do: their owner in the test below is of that kind. */
const OWNER_TYPES: Record<string, 'retail' | 'developer'> = {
  // Companies ask to be verified (issue 21).
  'POST /api/company-verification': 'developer',
};

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
type User = Awaited<ReturnType<typeof signedInUser>>;
let alice: User;
let bob: User;
let carol: User;
let world: World;
/** B's own post, comments and conversation (with C), to try A's ids inside B's resources. */
let bobWorld: World;
let operations: Operation[];
let protectedOps: Operation[];
let cityId: number;
let png: Buffer;
const tokens = { expired: '', revoked: '' };
const counts = { operations: 0, protected: 0, public: 0, cases: 0 };
/** Words that appear only in A's private conversation: no other user's answer may contain them. */
const SECRET = `zqsecret${process.pid}`;

type World = Awaited<ReturnType<typeof buildWorld>>;

const ok = (res: { statusCode: number; body: string }, what: string) => {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return z
    .object({ data: z.object({ id: z.number() }).loose() })
    .loose()
    .parse(JSON.parse(res.body)).data;
};

/** A copy of the owner's data, asked for and prepared (the background jobs start at once): its key. */
async function readyExport(owner: User): Promise<string> {
  const asked = await app.inject({ method: 'POST', url: '/api/account/export', headers: owner.auth });
  if (asked.statusCode !== 202) throw new Error(`export: ${asked.body}`);
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/account/export', headers: owner.auth });
    const url = z
      .object({ data: z.object({ export: z.object({ download_url: z.string().nullable() }).nullable() }) })
      .parse(res.json()).data.export?.download_url;
    if (url) return url.split('/').at(-1) ?? '';
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export never ready');
}

/** A's things: a post with a comment and a reply, a bookmark, and a conversation with C with texts and files. */
/** The id of the user's latest notification, once the queue's worker has written one. */
async function firstNotification(user: User): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: user.auth });
    const first = z
      .object({ data: z.object({ notifications: z.array(z.object({ id: z.number() })) }) })
      .parse(res.json()).data.notifications[0];
    if (first) return first.id;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no notification was written');
}

async function buildWorld(owner: User, other: User, secret = 'ordinary') {
  const form = await multipartBody({
    description: 'Office on Olaya',
    property_type: 'office',
    location: 'Olaya',
  });
  const post = ok(
    await app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: form.payload,
      headers: { ...owner.auth, ...form.headers },
    }),
    'post',
  );
  const api = (user: User, method: 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const comment = ok(
    await api(owner, 'POST', `/api/posts/${post.id}/comments`, { comment: 'Is it still free?' }),
    'comment',
  );
  const reply = ok(
    await api(owner, 'POST', `/api/posts/${post.id}/comments`, { comment: 'Yes', parent_id: comment.id }),
    'reply',
  );
  const bookmark = await api(owner, 'POST', `/api/posts/${post.id}/bookmark`);
  if (bookmark.statusCode !== 200) throw new Error(`bookmark: ${bookmark.body}`);
  const conversation = ok(await api(owner, 'POST', '/api/chat/conversations', { user_id: other.id }), 'chat');
  const base = `/api/chat/conversations/${conversation.id}`;
  const message = ok(await api(owner, 'POST', `${base}/messages`, { content: `${secret} the rent` }), 'msg');
  ok(await api(other, 'POST', `${base}/messages`, { content: `${secret} the answer` }), 'answer');
  const sendFile = async (user: User) => {
    const body = await multipartBody({ message: `${secret} caption` }, [
      { name: `${secret}-lease.txt`, bytes: Buffer.from(`${secret} lease terms`), type: 'text/plain' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `${base}/files`,
      payload: body.payload,
      headers: { ...user.auth, ...body.headers },
    });
    const data = z
      .object({ id: z.number(), attachments: z.array(z.object({ id: z.number(), url: z.string() })) })
      .parse(ok(res, 'file'));
    const attachment = data.attachments[0];
    if (!attachment) throw new Error('file message without attachment');
    return { message: data.id, attachment };
  };
  const file = await sendFile(owner);
  const otherFile = await sendFile(other);
  // A notification of the owner's (issue 22): the other likes the owner's listing.
  await api(other, 'POST', `/api/posts/${post.id}/like`);
  const notification = await firstNotification(owner);
  // A saved search of the owner's (issue 23).
  const savedSearch = ok(
    await api(owner, 'POST', '/api/saved-searches', { criteria: { keyword: `${secret} office` } }),
    'saved search',
  );
  return {
    notification,
    savedSearch: savedSearch.id,
    exportKey: await readyExport(owner),
    owner,
    other,
    post: post.id,
    comment: comment.id,
    reply: reply.id,
    conversation: conversation.id,
    message: message.id,
    fileMessage: file.message,
    attachment: file.attachment,
    otherAttachment: otherFile.attachment,
  };
}

/** Candidate ids for a path parameter, from its name (and for `{id}`, the segment before it). */
function idsFor(op: Operation, param: string, w: World): Array<number | string> {
  if (param === 'commentId') return [w.comment, w.reply];
  // The moderation console's targets (issue 21): a post of A's.
  if (param === 'type') return ['post'];
  if (param === 'messageId') return [w.message, w.fileMessage];
  const segments = op.path.split('/');
  const resource = param === 'id' ? segments[segments.indexOf('{id}') - 1] : param;
  switch (resource) {
    case 'posts':
      return [w.post];
    case 'moderators':
      return [w.owner.id];
    // /api/admin/reports/{type}/{id}: the type is 'post'.
    case '{type}':
      return [w.post];
    // Staff-only (a member is refused whatever the id; staff may get 404): no request is needed.
    case 'verifications':
      return [w.post];
    case 'comments':
      return [w.comment, w.reply];
    case 'profiles':
    case 'users':
      return [w.owner.id];
    case 'conversations':
      return [w.conversation];
    case 'files':
      return [w.attachment.id];
    case 'cities':
      return [cityId];
    case 'key':
      return [w.exportKey];
    case 'notifications':
      return [w.notification];
    case 'saved-searches':
      return [w.savedSearch];
    default:
      throw new Error(`${op.key}: say in idsFor() which resource {${param}} names`);
  }
}

/**
 * Every URL of the operation with the path filled by the world's ids (all combinations) and the
 * required query; with `parent`, the first parameter comes from that world (B's conversation with
 * A's message id: the classic way around a check made on the parent only).
 */
function urlsFor(op: Operation, w: World, parent?: World): string[] {
  let urls = [op.path];
  for (const [index, param] of op.pathParams.entries()) {
    const ids = idsFor(op, param, index === 0 && parent ? parent : w);
    urls = urls.flatMap((url) => ids.map((id) => url.replace(`{${param}}`, String(id))));
  }
  const query = new URLSearchParams();
  for (const q of op.requiredQuery)
    query.set(q.name, String(sampleValue(q.schema, namedIds(w), q.name, SECRET)));
  const search = query.size > 0 ? `?${query}` : '';
  return urls.map((url) => `${url}${search}`);
}

/** Body properties that name a row of the world, by name. */
const ROW_PROPERTIES = ['conversation_ids', 'message_id', 'reply_to_id', 'parent_id'];
const namedIds = (w: World): Record<string, unknown> => ({
  user_id: w.other.id,
  /** A query list of ids (`GET /api/chat/presence?user_ids=`). */
  user_ids: String(w.other.id),
  conversation_ids: [w.conversation],
  message_id: w.message,
  reply_to_id: w.message,
  parent_id: w.comment,
  location_id: cityId,
  preferred_locations: [cityId],
});

/** Whether the operation's body carries ids of the world's rows. */
const carriesIds = (op: Operation) => {
  if (op.body?.kind !== 'json') return false;
  const sample = z.record(z.string(), z.unknown()).safeParse(sampleValue(op.body.schema, namedIds(bobWorld)));
  return sample.success && ROW_PROPERTIES.some((key) => key in sample.data);
};

/** A minimal valid body from the operation's schema; properties that name rows get the world's real ids. */
async function bodyFor(op: Operation, w: World): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  if (!op.body) return {};
  if (op.body.kind === 'json') {
    return {
      payload: JSON.stringify(sampleValue(op.body.schema, namedIds(w))),
      headers: { 'content-type': 'application/json' },
    };
  }
  const table = MULTIPART_FORMS[op.key];
  const binary = fileFields(op.body.schema);
  const form = table ?? {
    fields: {},
    files:
      binary.length > 0
        ? binary.map((field) => ({ field, name: 'probe.png', bytes: png, type: 'image/png' }))
        : [{ field: 'file', name: 'probe.txt', bytes: Buffer.from('matrix probe'), type: 'text/plain' }],
  };
  const body = await multipartBody(form.fields, form.files);
  return { payload: body.payload, headers: body.headers };
}

async function call(op: Operation, url: string, w: World, auth: Record<string, string>, withBody = true) {
  const body = withBody ? await bodyFor(op, w) : {};
  counts.cases += 1;
  return app.inject({
    method: op.method,
    url,
    remoteAddress: '198.51.100.7',
    ...body,
    headers: { ...(body.headers ?? {}), ...auth },
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const snapshotRows = z.object({ rows: z.array(z.object({ t: z.string(), r: z.unknown() })) });

/** Every row that is A's, or of A's conversations: compared before and after the attacks. */
async function snapshotOf(userId: number) {
  const result = await database.db.execute(sql`
    with convs as (select conversation_id as id from conversation_participants where user_id = ${userId}),
         msgs as (select id from messages where conversation_id in (select id from convs))
    select t, r from (
      select 'users' as t, to_jsonb(x) as r from users x where id = ${userId}
      union all select 'posts', to_jsonb(x) from posts x where user_id = ${userId}
      union all select 'post_media', to_jsonb(x) from post_media x
        where post_id in (select id from posts where user_id = ${userId})
      union all select 'comments', to_jsonb(x) from comments x where user_id = ${userId}
      union all select 'bookmarks', to_jsonb(x) from bookmarks x where user_id = ${userId}
      union all select 'post_likes', to_jsonb(x) from post_likes x where user_id = ${userId}
      union all select 'follows', to_jsonb(x) from follows x where follower_id = ${userId}
      union all select 'user_preferences', to_jsonb(x) from user_preferences x where user_id = ${userId}
      union all select 'auth_tokens', to_jsonb(x) from auth_tokens x where user_id = ${userId}
      union all select 'saved_searches', to_jsonb(x) from saved_searches x where user_id = ${userId}
      union all select 'conversations', to_jsonb(x) from conversations x where id in (select id from convs)
      union all select 'conversation_participants', to_jsonb(x) - 'notified_up_to' from conversation_participants x
        where conversation_id in (select id from convs)
      union all select 'messages', to_jsonb(x) from messages x where id in (select id from msgs)
      union all select 'message_attachments', to_jsonb(x) from message_attachments x
        where message_id in (select id from msgs)
    ) s order by t, r::text`);
  return snapshotRows.parse(result).rows;
}

/** Nothing private of A's in an answer to someone else: the conversation's words, hidden contacts. */
function expectNoLeak(body: string, what: string) {
  expect(body, `${what} leaks A's private conversation`).not.toContain(SECRET);
  expect(body, `${what} leaks A's hidden email`).not.toContain(alice.email);
  expect(body, `${what} leaks A's hidden phone`).not.toContain(alice.phone.slice(-9));
}

function expect401(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
  expect(JSON.parse(res.body), what).toEqual({
    request_id: expect.any(String),
    status: false,
    message: HTTP_TEXT[401],
  });
}

async function login(user: User, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: user.email, password: user.password },
    remoteAddress: ip,
  });
  return z.object({ data: z.object({ token: z.string() }) }).parse(res.json()).data.token;
}

beforeAll(async () => {
  // A world per operation has the same other person answer twice in its chat: more than the
  // message flood limit allows in a minute once the API has enough operations.
  ({ app, database } = await createTestApp(
    { LIMIT_MESSAGES_PER_MINUTE: '100000' },
    { mailer: messages.mailer, sms: messages.sms },
  ));
  await app.ready();
  operations = operationsOf(app.swagger());
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const cities = await app.inject({ method: 'GET', url: '/api/cities' });
  cityId =
    z.object({ data: z.array(z.object({ id: z.number() })).min(1) }).parse(cities.json()).data[0]?.id ?? 0;
  alice = await signedInUser(app, messages, { name: 'Alice Owner' });
  bob = await signedInUser(app, messages, { name: 'Bob Other' });
  carol = await signedInUser(app, messages, { name: 'Carol Contact' });
  const hide = await app.inject({
    method: 'POST',
    url: '/api/profile/contact-visibility',
    headers: alice.auth,
    payload: { hide_contact: 1 },
  });
  expect(hide.statusCode, hide.body).toBe(200);
  world = await buildWorld(alice, carol, SECRET);
  bobWorld = await buildWorld(bob, carol);

  // An expired token of A's: still in the table, its expiry in the past.
  tokens.expired = await login(alice, '198.51.100.21');
  await database.db.execute(
    sql`update auth_tokens set expires_at = now() - interval '1 hour' where token_hash = ${sha256(tokens.expired)}`,
  );
  // A revoked token of A's: logged out, then used again.
  tokens.revoked = await login(alice, '198.51.100.22');
  const logout = await app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: bearer(tokens.revoked),
  });
  expect(logout.statusCode, logout.body).toBe(200);
});

afterAll(async () => {
  console.log(
    `authorization matrix: ${counts.operations} operations (${counts.protected} protected, ${counts.public} public by design), ${counts.cases} requests`,
  );
  await app?.close();
});

describe('authorization matrix (issue 8), generated from the OpenAPI document', () => {
  it('classifies every operation: a route refuses anonymous callers, or is public by design', async () => {
    expect(operations.length).toBeGreaterThan(40);
    counts.operations = operations.length;
    const observed = new Map<string, boolean>();
    for (const op of operations) {
      // The guard runs before the body is read, so an anonymous call without a body tells.
      const url = urlsFor(op, world)[0] ?? op.path;
      const res = await call(op, url, world, {}, false);
      const refuses = res.statusCode === 401;
      if (refuses) expect401(res, `${op.key} anonymous`);
      observed.set(op.key, refuses);
      if (!refuses) expectNoLeak(res.body, `${op.key} anonymous`);
    }
    const unlisted = operations.filter((op) => !observed.get(op.key) && !PUBLIC_BY_DESIGN.has(op.key));
    expect(
      unlisted.map((op) => op.key),
      'answer anonymous callers but are not public by design',
    ).toEqual([]);
    const stale = [...PUBLIC_BY_DESIGN].filter((key) => observed.get(key) !== false);
    expect(stale, 'listed as public but missing or refusing anonymous callers').toEqual([]);
    // The document says the same: protected routes declare the bearer scheme, public ones do not.
    const mismatched = operations.filter((op) => op.declaresBearer !== observed.get(op.key));
    expect(
      mismatched.map((op) => op.key),
      'OpenAPI security disagrees with the server',
    ).toEqual([]);
    protectedOps = operations.filter((op) => observed.get(op.key));
    counts.protected = protectedOps.length;
    counts.public = operations.length - protectedOps.length;
  });

  it('answers 401 to no token, a garbage, an expired and a revoked token, on A’s real resources', async () => {
    const before = await snapshotOf(alice.id);
    const credentials: [string, Record<string, string>][] = [
      ['no token', {}],
      ['garbage token', bearer('not-a-token-0123456789abcdef')],
      ['over-long token', bearer('x'.repeat(300))],
      [
        'another scheme',
        { authorization: `Basic ${Buffer.from(`${alice.email}:${alice.password}`).toString('base64')}` },
      ],
      ['expired token', bearer(tokens.expired)],
      ['revoked token', bearer(tokens.revoked)],
    ];
    for (const op of protectedOps) {
      for (const url of urlsFor(op, world)) {
        for (const [name, auth] of credentials) {
          const res = await call(op, url, world, auth);
          expect401(res, `${op.method} ${url} with ${name}`);
        }
      }
    }
    expect(await snapshotOf(alice.id)).toEqual(before);
    // The expired and revoked tokens stayed dead: refusing them did not renew them.
    const row = await database.db.execute(
      sql`select count(*)::int as n from auth_tokens where token_hash in (${sha256(tokens.expired)}, ${sha256(tokens.revoked)}) and expires_at > now() and revoked_at is null`,
    );
    expect(z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(row).rows[0]?.n).toBe(0);
  });

  it('never lets B read or change A’s posts, comments, conversations, messages or files', async () => {
    const before = await snapshotOf(alice.id);
    let bobAuth = bob.auth;
    for (const op of protectedOps) {
      for (const url of urlsFor(op, world)) {
        const res = await call(op, url, world, bobAuth);
        const what = `${op.method} ${url} by B`;
        expectNoLeak(res.body, what);
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        if (isStaffOnly(op)) {
          expect(res.statusCode, `${what}, a member: ${res.body}`).toBe(403);
        } else if (op.pathParams.length > 0 && !SHARED_BY_DESIGN.has(op.key)) {
          expect([403, 404], `${what}: ${res.body}`).toContain(res.statusCode);
        } else if (SHARED_BY_DESIGN.has(op.key)) {
          expect(res.statusCode, `${what} is shared by design and should work: ${res.body}`).toBeLessThan(
            300,
          );
        }
        // B's own calls (logging out) may end B's session: sign in again and go on.
        const me = await app.inject({ method: 'GET', url: '/api/user', headers: bobAuth });
        if (me.statusCode === 401) bobAuth = bearer(await login(bob, '198.51.100.31'));
      }
      // A's child row under B's own parent: B's conversation with A's message, B's post with A's comment.
      if (op.pathParams.length > 1) {
        for (const url of urlsFor(op, world, bobWorld)) {
          const res = await call(op, url, world, bobAuth);
          const what = `${op.method} ${url} by B (B's parent, A's child)`;
          expectNoLeak(res.body, what);
          expect([403, 404], `${what}: ${res.body}`).toContain(res.statusCode);
        }
      }
      // A's ids in the body of a call on B's own resource (reply to A's message, read up to it).
      if (op.pathParams.length > 0 && carriesIds(op)) {
        for (const url of urlsFor(op, bobWorld)) {
          const res = await call(op, url, world, bobAuth);
          const what = `${op.method} ${url} by B with A's ids in the body`;
          expectNoLeak(res.body, what);
          expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        }
      }
    }
    expect(await snapshotOf(alice.id)).toEqual(before);
    // Nothing B sent was tied to A's rows: no reply across posts, no message quoting another conversation.
    const crossed = await database.db.execute(sql`
      select (select count(*)::int from comments c join comments p on p.id = c.parent_id
               where c.post_id <> p.post_id)
           + (select count(*)::int from messages m join messages r on r.id = m.reply_to_id
               where m.conversation_id <> r.conversation_id) as n`);
    expect(z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(crossed).rows[0]?.n).toBe(0);

    // Per-user lists show B only B's things.
    const bookmarks = await app.inject({ method: 'GET', url: '/api/bookmarks', headers: bobAuth });
    const listed = z
      .object({ data: z.object({ posts: z.array(z.object({ id: z.number() })) }) })
      .parse(bookmarks.json())
      .data.posts.map((p) => p.id)
      .sort();
    const own = await database.db.execute(
      sql`select post_id from bookmarks where user_id = ${bob.id} order by post_id`,
    );
    expect(listed).toEqual(
      z
        .object({ rows: z.array(z.object({ post_id: z.number() })) })
        .parse(own)
        .rows.map((r) => r.post_id),
    );
    const conversations = await app.inject({
      method: 'GET',
      url: '/api/chat/conversations',
      headers: bobAuth,
    });
    expect(conversations.statusCode).toBe(200);
    const ids = z
      .object({ data: z.object({ conversations: z.array(z.object({ id: z.number() })) }) })
      .parse(conversations.json())
      .data.conversations.map((c) => c.id);
    expect(ids).not.toContain(world.conversation);
    // A still sees the conversation, its messages and its files as before.
    const aliceView = await app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${world.conversation}/messages`,
      headers: alice.auth,
    });
    expect(aliceView.statusCode).toBe(200);
    expect(aliceView.body).toContain(`${SECRET} the rent`);
    expect(aliceView.body).toContain(`${SECRET}-lease.txt`);
  });

  it('serves a chat file only at its signed address', async () => {
    const signed = new URL(world.attachment.url, 'http://local');
    const good = await app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` });
    expect(good.statusCode).toBe(200);
    const forged = new URLSearchParams(signed.search);
    forged.set('signature', 'a'.repeat(forged.get('signature')?.length ?? 64));
    // Another file's valid signature does not open this one.
    const other = new URL(world.otherAttachment.url, 'http://local');
    const attempts = [
      signed.pathname,
      `${signed.pathname}?${forged}`,
      `${signed.pathname}${other.search}`,
      `${other.pathname}${signed.search}`,
    ];
    for (const url of attempts) {
      for (const auth of [{}, bob.auth]) {
        counts.cases += 1;
        const res = await app.inject({ method: 'GET', url, headers: auth });
        expect([403, 422], `${url}: ${res.statusCode}`).toContain(res.statusCode);
        expectNoLeak(res.body, url);
      }
    }
  });

  // A fresh owner and world for every operation: it grows with the API (70 operations), so it gets
  // more than the suite's 30 s on a busy machine.
  it('lets the owner do each refused operation (the ids and bodies above were real)', {
    timeout: scaled(180_000),
  }, async () => {
    for (const op of protectedOps) {
      // Staff-only routes are nobody's own: the test below.
      if (SHARED_BY_DESIGN.has(op.key) || isStaffOnly(op)) continue;
      const owner = await signedInUser(app, messages, {
        name: 'Fresh Owner',
        user_type: OWNER_TYPES[op.key] ?? 'retail',
      });
      const fresh = await buildWorld(owner, carol);
      const url = urlsFor(op, fresh)[0] ?? op.path;
      const ownBody = OWNER_BODIES[op.key];
      const res = ownBody
        ? await app.inject({
            method: op.method,
            url,
            remoteAddress: '198.51.100.7',
            payload: await ownBody(owner),
            headers: owner.auth,
          })
        : await call(op, url, fresh, owner.auth);
      expect(res.statusCode, `${op.method} ${url} by its owner: ${res.body}`).toBeLessThan(300);
    }
  });

  it('lets moderators and admins use the console, and only admins manage moderators (issue 21)', {
    timeout: scaled(120_000),
  }, async () => {
    const moderator = await signedInUser(app, messages, { name: 'Matrix Moderator' });
    const admin = await signedInUser(app, messages, { name: 'Matrix Admin' });
    await database.db.execute(sql`update users set role = 'moderator' where id = ${moderator.id}`);
    await database.db.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const staffOps = protectedOps.filter(isStaffOnly);
    expect(staffOps.length).toBeGreaterThan(8);
    // Reads first, then the actions (a suspension or a removal changes A's world).
    const ordered = [
      ...staffOps.filter((op) => op.method === 'GET'),
      ...staffOps.filter((op) => op.method !== 'GET'),
    ];
    for (const op of ordered) {
      for (const [who, user] of [
        ['moderator', moderator],
        ['admin', admin],
      ] as const) {
        const url = urlsFor(op, world)[0] ?? op.path;
        const res = await call(op, url, world, user.auth);
        const what = `${op.method} ${url} by a ${who}`;
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        if (who === 'moderator' && ADMIN_ONLY.has(op.key)) {
          expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        } else {
          // Allowed: an answer, a 404 for a target without reports, or a 422 for a sampled body.
          expect([401, 403], `${what}: ${res.body}`).not.toContain(res.statusCode);
        }
      }
    }
  });
});
