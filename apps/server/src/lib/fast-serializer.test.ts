import { conversationsResult, messagesResult } from '@makan/contract/chat';
import { successSchema } from '@makan/contract/envelope';
import { reportQueue } from '@makan/contract/moderation';
import { notificationsPage } from '@makan/contract/notifications';
import { feedResult, postSchema } from '@makan/contract/posts';
import { publicProfile } from '@makan/contract/profiles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { capturedMessages } from '../test/auth-helpers.ts';
import { multipartBody } from '../test/form.ts';
import { createListing } from '../test/listings.ts';
import { noisyPng } from '../test/media.ts';
import { notificationsSettled } from '../test/queue.ts';
import { createTestApp } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';
import { createSerializerCompiler, fastResponse } from './fast-serializer.ts';
import type { App } from './http.ts';

/**
 * The compiled serializer of the hot read routes (issue 25) writes the same bytes as zod's: on
 * hand-made values with every awkward case, and through HTTP on a database with real rows, where
 * the same requests go to an app that answers everything through zod.
 */

const compileWith = (useZod: boolean, schema: z.ZodType) =>
  createSerializerCompiler({ useZod })({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

/** Text that needs escaping, or is easy to get wrong: quotes, controls, Arabic, emoji, separators. */
const AWKWARD = [
  '',
  'a',
  'مكتب في العليا "جديد" \\ مع موقف',
  'line\nbreak\ttab\r\u0000\u0001\u001f end',
  'emoji 🏢🏬 and \u2028 \u2029 separators',
  'lone surrogate \ud800 here',
  'x'.repeat(60),
  `${'ع'.repeat(45)}"`,
  '</script><script>alert(1)</script>',
];

const user = (i: number) => ({
  id: i,
  name: AWKWARD[i % AWKWARD.length] ?? '',
  picture: i % 2 ? { url: `/media/pictures/${i}.webp` } : null,
  company_verified: i % 3 === 0,
});

const post = (i: number) => ({
  id: i,
  user_id: i,
  user: user(i),
  description: i % 4 === 0 ? null : (AWKWARD[i % AWKWARD.length] ?? ''),
  property_type: 'office',
  location: i % 2 ? { id: 3, name_en: 'Riyadh', name_ar: 'الرياض', display_name: 'Riyadh' } : null,
  custom_location: i % 2 ? null : 'Olaya "Street"',
  display_location: i % 2 ? 'Riyadh' : 'Olaya "Street"',
  media:
    i % 3 === 0
      ? []
      : [1, 2].map((m) => ({
          id: m,
          url: `/media/posts/${m}-480.webp`,
          url_large: `/media/posts/${m}-1280.webp`,
          mime_type: 'image/webp',
          size: 123_456,
          file_name: 'صورة "1".jpg',
          width: 1280,
          height: 960,
        })),
  purpose: i % 2 ? 'sale' : null,
  price: i % 2 ? 1_500_000.5 : null,
  currency: i % 2 ? 'SAR' : null,
  area_m2: i % 5 === 0 ? 1e21 : i % 2 ? 250 : null,
  status: i % 2 ? 'under_offer' : null,
  licence_number: i % 2 ? '1234567890' : null,
  licence_checked: i % 2 === 1,
  comments_count: 0,
  bookmarks_count: i,
  likes_count: 2 ** 31,
  is_liked: true,
  is_bookmarked: false,
  is_owner: i === 1,
  shares_count: 10,
  created_at: '2026-11-26T19:00:00.000Z',
  updated_at: '2026-11-26T19:00:00.001Z',
  mentions: i % 2 ? [{ id: 7, name: 'سارة' }] : [],
  // Not in the schema: neither serializer may write it.
  password_hash: 'secret',
});

describe('the compiled serializer, on values made by hand', () => {
  const feed = fastResponse(successSchema(feedResult));
  const one = fastResponse(successSchema(postSchema));
  const cases: [string, z.ZodType, unknown][] = [
    ['an empty feed', feed, { status: true, data: { posts: [], next_cursor: null } }],
    [
      'a feed, number cursor',
      feed,
      { status: true, data: { posts: [1, 2, 3, 4, 5].map(post), next_cursor: 5 } },
    ],
    [
      'a feed, ranked cursor, a message',
      feed,
      { status: true, message: 'تم', data: { posts: [post(6), post(7), post(8)], next_cursor: '1.2.3' } },
    ],
    ['one post', one, { status: true, data: post(9) }],
    [
      'one post, an optional key given as undefined',
      one,
      { status: true, message: undefined, data: post(10) },
    ],
  ];
  for (const [name, schema, value] of cases) {
    it(`writes ${name} as zod does`, () => {
      const fast = compileWith(false, schema)(value);
      expect(fast).toBe(compileWith(true, schema)(value));
      expect(fast).not.toContain('password_hash');
    });
  }

  it('takes every hot read schema', () => {
    for (const data of [conversationsResult, messagesResult, notificationsPage, reportQueue, publicProfile]) {
      expect(() => fastResponse(successSchema(data))).not.toThrow();
    }
  });

  it('hands a large answer over as its UTF-8 bytes, the same bytes zod writes', () => {
    const value = {
      status: true,
      data: { posts: Array.from({ length: 60 }, (_, i) => post(100 + i)), next_cursor: 100 },
    };
    const fast = compileWith(false, feed)(value) as unknown;
    expect(Buffer.isBuffer(fast)).toBe(true);
    expect((fast as Buffer).equals(Buffer.from(compileWith(true, feed)(value)))).toBe(true);
  });

  it('is used only for the schemas marked for it', () => {
    const plain = successSchema(postSchema);
    expect(compileWith(false, plain).name).not.toBe(compileWith(false, one).name);
  });

  it('refuses, at boot, a schema it cannot write exactly', () => {
    expect(() => fastResponse(z.object({ a: z.union([z.string(), z.object({ b: z.string() })]) }))).toThrow();
    expect(() => fastResponse(z.object({ a: z.tuple([z.string(), z.number()]) }))).toThrow();
  });
});

describe('the hot read routes, through HTTP, against zod on the same rows', () => {
  const messages = capturedMessages();
  let app: App;
  let zodApp: App;
  let database: DatabaseHandle;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let sara: Person;
  let omar: Person;
  let huda: Person;
  let mona: Person;
  let paths: [Person, string][] = [];
  let otherConversation = 0;

  beforeAll(async () => {
    let config: Awaited<ReturnType<typeof createTestApp>>['config'];
    ({ app, database, config } = await createTestApp(
      { NOTIFICATIONS_EVERY_SECONDS: '1' },
      { mailer: messages.mailer, sms: messages.sms },
    ));
    sara = await signedInUser(app, messages, { name: 'سارة الأحمد' });
    omar = await signedInUser(app, messages, { name: 'Omar Farouk' });
    huda = await signedInUser(app, messages, { name: 'Huda' });
    mona = await signedInUser(app, messages, { name: 'Mona Moderator' });
    await database.db.execute(sql`update users set role = 'admin' where id = ${mona.id}`);
    const as = (p: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: p.auth, ...(payload ? { payload } : {}) });

    // Listings: Arabic and escapes, a city and listing fields, photos, a mention, an empty one.
    const arabic = await createListing(app, sara, 'مكتب للإيجار في "العليا" \\ سطر\nجديد 🏢 \u2028', {
      purpose: 'rent',
      price: '85000.5',
      currency: 'SAR',
      area_m2: '120',
      status: 'available',
      licence_number: '7200000001',
    });
    const cityRows = await database.db.execute(sql`select id from cities order by id limit 1`);
    const cityId = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) }).parse(cityRows)
      .rows[0]?.id;
    await createListing(app, omar, `With a city, and @${sara.name}`, {
      location_id: String(cityId),
      mentions: String(sara.id),
    });
    const withPhotos = await createListing(app, omar, 'Photos', {}, [
      { name: 'a.png', type: 'image/png', bytes: await noisyPng(64) },
      { name: 'ب.png', type: 'image/png', bytes: await noisyPng(48) },
    ]);
    const blocked = await createListing(app, huda, 'Huda’s listing, hidden from Sara');
    expect((await as(sara, 'POST', `/api/users/${huda.id}/block`)).statusCode).toBe(200);
    await as(omar, 'POST', `/api/posts/${arabic}/like`);
    await as(huda, 'POST', `/api/posts/${arabic}/like`);
    await as(omar, 'POST', `/api/posts/${arabic}/bookmark`);
    await as(omar, 'POST', `/api/posts/${arabic}/comments`, { comment: 'تعليق "مهم"' });
    await as(omar, 'POST', `/api/profiles/${sara.id}/follow`);

    // Chat: Sara and Omar, Arabic and escapes, a reply, an edited and a deleted message; Omar and Huda.
    const open = await as(sara, 'POST', '/api/chat/conversations', { user_id: omar.id });
    const conversationId = open.json().data.id as number;
    const sent: number[] = [];
    for (const content of ['مرحبا "عمر"', 'line\nbreak \\ 🏢', 'to be deleted', 'to be edited']) {
      const res = await as(sara, 'POST', `/api/chat/conversations/${conversationId}/messages`, { content });
      sent.push(res.json().data.id);
    }
    await as(omar, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      content: 'رد',
      reply_to_id: sent[0],
    });
    await app.inject({
      method: 'DELETE',
      url: `/api/chat/conversations/${conversationId}/messages/${sent[2]}`,
      headers: sara.auth,
    });
    await as(sara, 'PUT', `/api/chat/conversations/${conversationId}/messages/${sent[3]}`, {
      content: 'edited ✓',
    });
    // Files: a photo with a caption and a client id, a PDF replying to it, a reply to the deleted one.
    const upload = async (p: Person, name: string, bytes: Buffer, fields: Record<string, string>) => {
      const body = await multipartBody(fields, [{ name, bytes }]);
      const res = await app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/files`,
        payload: body.payload,
        headers: { ...p.auth, ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const photo = await upload(sara, 'مكتب "1".png', await noisyPng(40), {
      message: 'الردهة \\ "lobby"',
      client_id: 'photo-1',
    });
    await upload(omar, 'العقد.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { reply_to_id: String(photo) });
    await as(omar, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      content: 'about the deleted one',
      reply_to_id: sent[2],
      client_id: 'c-2',
    });
    const other = await as(omar, 'POST', '/api/chat/conversations', { user_id: huda.id });
    otherConversation = other.json().data.id;
    await as(huda, 'POST', `/api/chat/conversations/${otherConversation}/messages`, { content: 'hi' });
    // A system message: Huda leaves.
    expect((await as(huda, 'POST', `/api/chat/conversations/${otherConversation}/leave`)).statusCode).toBe(
      200,
    );

    // Reports for the console's queue.
    await as(omar, 'POST', '/api/reports', { target_type: 'post', target_id: arabic, reason: 'spam' });
    await as(huda, 'POST', '/api/reports', {
      target_type: 'user',
      target_id: sara.id,
      reason: 'other',
      details: 'تفاصيل "مهمة"',
    });

    // The notifications' worker runs while listening: wait until every notification is written (the
    // messages' ones come 10 s after), so the two apps below read the same rows.
    await app.listen({ port: 0, host: '127.0.0.1' });
    await notificationsSettled(database);

    // The same database through zod's serializer everywhere (its close leaves the database open).
    zodApp = await buildApp(config, {
      database: { ...database, close: async () => {} },
      logger: false,
      zodSerializer: true,
      mailer: messages.mailer,
      sms: messages.sms,
    });

    paths = [
      ...[sara, omar, huda].flatMap((p): [Person, string][] => [
        [p, '/api/posts?order=latest'],
        [p, '/api/posts?order=ranked'],
        [p, '/api/posts?order=latest&property_type=office&price_max=3000000'],
        [p, '/api/posts?order=latest&per_page=1'],
        [p, `/api/posts/search?keyword=${encodeURIComponent('مكتب')}`],
        [p, '/api/posts/search?keyword=nothingmatchesthis'],
        [p, `/api/posts/${arabic}`],
        [p, `/api/posts/${withPhotos}`],
        [p, `/api/posts/${blocked}`],
        [p, `/api/profiles/${sara.id}/full`],
        [p, `/api/profiles/${omar.id}/full`],
        [p, `/api/profiles/${huda.id}/full`],
        [p, '/api/chat/conversations'],
        [p, `/api/chat/conversations/${conversationId}/messages`],
        [p, `/api/chat/conversations/${conversationId}/messages?before=${sent[3]}&per_page=2`],
        [p, `/api/chat/conversations/${otherConversation}/messages`],
        [p, `/api/chat/conversations/${conversationId}/messages?after=${sent[1]}&per_page=3`],
        [p, '/api/notifications'],
        [p, '/api/admin/reports'],
      ]),
      [mona, '/api/admin/reports'],
      [mona, '/api/admin/reports?kind=signals'],
      [mona, '/api/chat/conversations'],
      [mona, '/api/notifications'],
    ];
  }, 120_000);

  afterAll(async () => {
    await zodApp?.close();
    await app?.close();
  });

  it('answer byte for byte what zod writes (200s and refusals alike)', async () => {
    let ok = 0;
    for (const [p, url] of paths) {
      const fast = await app.inject({ method: 'GET', url, headers: p.auth });
      const slow = await zodApp.inject({ method: 'GET', url, headers: p.auth });
      // A refusal names its own request.
      const same = (body: string) => body.replace(/"request_id":"[^"]+"/, '"request_id":"…"');
      expect({ url, status: fast.statusCode, body: same(fast.body) }).toEqual({
        url,
        status: slow.statusCode,
        body: same(slow.body),
      });
      expect(fast.headers['content-type']).toBe(slow.headers['content-type']);
      if (fast.statusCode === 200) ok += 1;
    }
    // Most are answers, not refusals: the comparison covers real pages.
    expect(ok).toBeGreaterThan(paths.length * 0.7);
  });
});
