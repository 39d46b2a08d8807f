import type { AddressInfo } from 'node:net';
import {
  MESSAGE_NOTIFY_DELAY_MS,
  PUSH_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  type PushPayload,
  pushPayload,
} from '@makan/contract/notifications';
import type { Ack } from '@makan/contract/realtime';
import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createListing } from '../../test/listings.ts';
import {
  type Device,
  decryptPush,
  encryptPush,
  startPushService,
  type TestPushService,
} from '../../test/push-service.ts';
import { connectSocket, type TestSocket } from '../../test/sockets.ts';
import { createTestApp, redisTestEnv } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';
import { requestAs, signedInUser } from '../../test/users.ts';
import { PUSH_DEVICES_MAX } from './push.service.ts';

/**
 * Web push (issue 22), end to end on real ports: devices subscribe over HTTP; a like, a comment or
 * a message reaches a local push service that checks the VAPID token and decrypts the body with the
 * keys the test made (test/push-service.ts), in the recipient's language; preferences, pruning on
 * 410, and messages to someone with the app in front.
 */

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let config: Config;
let url: string;
let service: TestPushService;
/** The server's clock runs ahead by this much (a message notifies only once it is still unread later). */
let ahead = 0;
const sockets: TestSocket[] = [];
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  service = await startPushService();
  ({ app, database, config } = await createTestApp(
    // The test push service listens on 127.0.0.1: a host this deployment names as a push service.
    { NOTIFICATIONS_EVERY_SECONDS: '1', PUSH_SERVICE_HOSTS: '127.0.0.1', ...redisTestEnv('push') },
    overrides,
  ));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
  await service?.close();
});

const overrides = {
  mailer: messages.mailer,
  sms: messages.sms,
  clock: { now: () => new Date(Date.now() + ahead) },
};
const api = requestAs(() => app);
const person = (name: string) => signedInUser(app, messages, { name });
const subscribe = (user: User | null, device: Pick<Device, 'endpoint' | 'keys'>) =>
  api(user, 'POST', PUSH_SUBSCRIPTIONS_PATH, { endpoint: device.endpoint, keys: device.keys });
const unsubscribe = (user: User | null, endpoint: string) =>
  api(user, 'DELETE', PUSH_SUBSCRIPTIONS_PATH, { endpoint });
const setPush = (user: User, kind: string, push: boolean) =>
  api(user, 'PUT', '/api/notifications/preferences', {
    preferences: [{ kind, in_app: true, push, email: false }],
  });

const rows = async (query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
const count = async (query: ReturnType<typeof sql>) => Number((await rows(query)).rows[0]?.n);
const endpointsOf = async (userId: number) =>
  (await rows(sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`)).rows.map(
    (r) => r.endpoint,
  );

/** The pushes `device` received, checked against the contract. */
const pushesTo = (device: Device): PushPayload[] =>
  service.pushesTo(device.endpoint).map((p) => pushPayload.parse(p));
async function nextPush(device: Device, already = 0): Promise<PushPayload> {
  await expect
    .poll(() => pushesTo(device).length, { timeout: scaled(10_000), interval: 50 })
    .toBeGreaterThan(already);
  const push = pushesTo(device)[already];
  if (!push) throw new Error('no push');
  return push;
}

/** Nothing left to send: the notification `kind` of `userId` is written, and no push waits. */
async function quiet(userId: number, kind: string) {
  await expect
    .poll(
      () =>
        count(sql`select (select count(*) from notifications where recipient_id = ${userId} and kind = ${kind})
          * (1 - sign((select count(*) from push_deliveries) + (select count(*) from notification_events))) as n`),
      { timeout: scaled(10_000), interval: 50 },
    )
    .toBe(1);
}

describe('the key and the subscriptions', () => {
  it('answers one VAPID public key, an uncompressed P-256 point, the same every time', async () => {
    const first = await api(null, 'GET', PUSH_KEY_PATH);
    expect(first.statusCode).toBe(200);
    const key = z.object({ data: z.object({ public_key: z.string() }) }).parse(first.json()).data.public_key;
    const point = Buffer.from(key, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
    expect((await api(null, 'GET', PUSH_KEY_PATH)).json().data.public_key).toBe(key);
    expect(await count(sql`select count(*) as n from server_secrets where name = 'vapid'`)).toBe(1);
  });

  it('subscribes the caller’s device; only its owner removes it; the same endpoint moves to whoever subscribes it', async () => {
    const owner = await person('Push Owner');
    const other = await person('Push Other');
    const device = service.device();
    expect((await subscribe(null, device)).statusCode).toBe(401);
    const made = await subscribe(owner, device);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: true, data: null });
    // Again, with new keys: still one row, the new keys.
    const renewed = service.device();
    expect((await subscribe(owner, { endpoint: device.endpoint, keys: renewed.keys })).statusCode).toBe(201);
    expect(await endpointsOf(owner.id)).toEqual([device.endpoint]);
    expect(
      (await rows(sql`select p256dh from push_subscriptions where endpoint = ${device.endpoint}`)).rows,
    ).toEqual([{ p256dh: renewed.keys.p256dh }]);
    await subscribe(owner, device);

    // Someone else cannot remove it: 404, as if it did not exist, and it stays.
    const nosy = await unsubscribe(other, device.endpoint);
    expect(nosy.statusCode).toBe(404);
    expect(nosy.json()).toMatchObject({ status: false, message: HTTP_TEXT[404] });
    expect(await endpointsOf(owner.id)).toEqual([device.endpoint]);
    expect((await unsubscribe(null, device.endpoint)).statusCode).toBe(401);

    // The same device, signed in as the other account: it is theirs now.
    expect((await subscribe(other, device)).statusCode).toBe(201);
    expect(await endpointsOf(owner.id)).toEqual([]);
    expect((await unsubscribe(owner, device.endpoint)).statusCode).toBe(404);
    const removed = await unsubscribe(other, device.endpoint);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await unsubscribe(other, device.endpoint)).statusCode).toBe(404);
  });

  it('refuses malformed subscriptions with 422 and the fields at fault', async () => {
    const user = await person('Push Malformed');
    const device = service.device();
    for (const [body, field] of [
      [{ endpoint: 'ftp://push.example/1', keys: device.keys }, 'endpoint'],
      [{ endpoint: 'not a url', keys: device.keys }, 'endpoint'],
      [{ endpoint: device.endpoint }, 'keys'],
      [{ endpoint: device.endpoint, keys: { p256dh: 'not base64!', auth: device.keys.auth } }, 'keys.p256dh'],
      [
        { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: 'x'.repeat(101) } },
        'keys.auth',
      ],
      [{ endpoint: `https://push.example/${'x'.repeat(2048)}`, keys: device.keys }, 'endpoint'],
    ] as const) {
      const res = await api(user, 'POST', PUSH_SUBSCRIPTIONS_PATH, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await api(user, 'DELETE', PUSH_SUBSCRIPTIONS_PATH, { endpoint: 'x' })).statusCode).toBe(422);
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it('accepts the browsers’ push services only: never an address a user picks', async () => {
    const user = await person('Push Elsewhere');
    const { keys } = service.device();
    for (const endpoint of [
      'https://10.0.0.5/push/1',
      'https://metadata.google.internal/computeMetadata/v1/',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'http://localhost:5432/',
    ]) {
      const res = await api(user, 'POST', PUSH_SUBSCRIPTIONS_PATH, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json()).toMatchObject({
        message: TEXT.pushServiceRefused,
        errors: { endpoint: [TEXT.pushServiceRefused] },
      });
    }
    expect(await endpointsOf(user.id)).toEqual([]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(
        (await api(user, 'POST', PUSH_SUBSCRIPTIONS_PATH, { endpoint, keys })).statusCode,
        endpoint,
      ).toBe(201);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices per account, the oldest replaced`, async () => {
    const user = await person('Push Many Devices');
    const devices = Array.from({ length: PUSH_DEVICES_MAX + 2 }, () => service.device());
    for (const device of devices) expect((await subscribe(user, device)).statusCode).toBe(201);
    expect(await endpointsOf(user.id)).toEqual(devices.slice(2).map((d) => d.endpoint));
  });
});

describe('pushes', () => {
  it('a like reaches every device of the author, in English, with where it leads', async () => {
    const owner = await person('Owner Omar');
    const sara = await person('Sara Saleh');
    const [phone, laptop] = [service.device(), service.device()];
    await subscribe(owner, phone);
    await subscribe(owner, laptop);
    // Likes are not pushed unless asked for (the contract's defaults).
    expect((await setPush(owner, 'like', true)).statusCode).toBe(200);
    const post = await createListing(app, owner, 'Warehouse in Sulay');
    await api(sara, 'POST', `/api/posts/${post}/like`);
    for (const device of [phone, laptop]) {
      expect(await nextPush(device)).toEqual({
        title: 'Makan',
        body: '\u2068Sara Saleh\u2069 liked your listing',
        url: `/post/${post}`,
        tag: `like:post:${post}`,
        lang: 'en',
      });
    }
    expect(service.rejected).toEqual([]);
    const [delivered] = service.received.filter((r) => r.endpoint === phone.endpoint);
    expect(delivered?.vapidKey).toBe((await api(null, 'GET', PUSH_KEY_PATH)).json().data.public_key);
    expect(delivered).toMatchObject({
      ttl: 86_400,
      urgency: 'normal',
      claims: { sub: 'mailto:support@makan.example' },
    });
    expect(delivered?.topic).toMatch(/^n\d+$/);
    await expect
      .poll(() =>
        count(
          sql`select count(*) as n from push_subscriptions where user_id = ${owner.id} and last_sent_at is not null`,
        ),
      )
      .toBe(2);
  });

  it('an Arabic speaker gets Arabic, with the words of the comment', async () => {
    const owner = await person('Layla Ahmad');
    const commenter = await person('Khalid Commenter');
    await database.db.execute(sql`update users set language = 'ar' where id = ${owner.id}`);
    const phone = service.device();
    await subscribe(owner, phone);
    const post = await createListing(app, owner, 'Shop on Tahlia');
    await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'Is the price negotiable?' });
    const push = await nextPush(phone);
    expect(push).toMatchObject({
      title: 'مكان',
      body: 'علّق \u2068Khalid Commenter\u2069 على إعلانك\n“\u2068Is the price negotiable?\u2069”',
      tag: `comment:post:${post}`,
      lang: 'ar',
    });
    expect(push.url).toMatch(new RegExp(`^/comment/${post}/\\d+$`));
  });

  it('nothing with push switched off for that kind; nothing once the notification was read', async () => {
    const owner = await person('Quiet Owner');
    const commenter = await person('Quiet Commenter');
    const phone = service.device();
    await subscribe(owner, phone);
    await setPush(owner, 'comment', false);
    const post = await createListing(app, owner, 'Office in Malaz');
    await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'Still free?' });
    await quiet(owner.id, 'comment');
    expect(pushesTo(phone)).toEqual([]);

    // Pushes on again, but the notification read before its push went: not sent.
    await setPush(owner, 'comment', true);
    await database.db.execute(sql`
      create or replace function hold_push() returns trigger language plpgsql as $$
      begin new.claimed_until := now() + interval '1 hour'; return new; end $$`);
    await database.db.execute(sql`
      create trigger hold_push before insert on push_deliveries for each row execute function hold_push()`);
    try {
      await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'Hello again' });
      await expect.poll(() => count(sql`select count(*) as n from push_deliveries`)).toBe(1);
      await api(owner, 'POST', '/api/notifications/read-all');
    } finally {
      await database.db.execute(sql`drop trigger hold_push on push_deliveries`);
    }
    await database.db.execute(sql`update push_deliveries set claimed_until = null`);
    await expect.poll(() => count(sql`select count(*) as n from push_deliveries`)).toBe(0);
    expect(pushesTo(phone)).toEqual([]);
  });

  it('a device signed out is pushed nothing: its own sign-out, or signing out everywhere', async () => {
    const owner = await person('Signed Out Owner');
    const commenter = await person('Persistent Commenter');
    const phone = service.device();
    await subscribe(owner, phone);
    // A second session of the same account, on a laptop.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: owner.email, password: owner.password },
    });
    const laptopUser = { ...owner, auth: { authorization: `Bearer ${login.json().data.token}` } };
    const laptop = service.device();
    await subscribe(laptopUser, laptop);
    const post = await createListing(app, owner, 'Office in Olaya');

    // The phone signs out: the laptop is still told, the phone not.
    expect((await api(owner, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'First question' });
    expect((await nextPush(laptop)).body).toContain('Persistent Commenter');
    expect(pushesTo(phone)).toEqual([]);

    // Everywhere (the laptop too): nothing more to anyone; the rows go with their sessions.
    await api(laptopUser, 'POST', '/api/notifications/read-all');
    expect((await api(laptopUser, 'POST', '/api/account/sign-out-everywhere')).statusCode).toBe(200);
    await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'Second question' });
    // The first was read: the second is a notification of its own, and nothing is left to send.
    await expect
      .poll(() =>
        count(sql`select (select count(*) from notifications where recipient_id = ${owner.id} and kind = 'comment')
          * (1 - sign((select count(*) from push_deliveries) + (select count(*) from notification_events))) as n`),
      )
      .toBe(2);
    expect(pushesTo(laptop)).toHaveLength(1);
    expect(pushesTo(phone)).toEqual([]);
  });

  it('a device its push service says is gone (410, 404) is forgotten; the others still get theirs', async () => {
    const owner = await person('Pruned Owner');
    const commenter = await person('Pruning Commenter');
    const [gone, missing, kept] = [service.device(), service.device(), service.device()];
    for (const device of [gone, missing, kept]) await subscribe(owner, device);
    service.answer(gone.endpoint, 410);
    service.answer(missing.endpoint, 404);
    const post = await createListing(app, owner, 'Land in Qassim');
    await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'Where exactly?' });
    await nextPush(kept);
    await expect.poll(() => endpointsOf(owner.id)).toEqual([kept.endpoint]);
    expect(service.rejected).toEqual([]);
  });
});

describe('a push service failing', () => {
  it('is tried again later (a 500), and the push arrives once it answers', async () => {
    const owner = await person('Patient Owner');
    const commenter = await person('Patient Commenter');
    const phone = service.device();
    await subscribe(owner, phone);
    service.answer(phone.endpoint, 500);
    const post = await createListing(app, owner, 'Villa in Hittin');
    await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'Open to offers?' });
    await nextPush(phone);
    // The 500 has been taken in when the delivery waits for its retry (30 s on the server's clock), not
    // only for its lease (60 s): the sender (a worker thread) tells the answer a moment after the push.
    const waiting = () => {
      const now = Date.now() + ahead;
      return sql`select count(*) as n from push_deliveries where attempts = 1
        and claimed_until > ${new Date(now).toISOString()}::timestamptz
        and claimed_until < ${new Date(now + 45_000).toISOString()}::timestamptz`;
    };
    await expect.poll(() => count(waiting())).toBe(1);
    // The push service is back; the retry is due 30 s later.
    service.answer(phone.endpoint, 201);
    ahead += 31_000;
    await nextPush(phone, 1);
    await expect.poll(() => count(sql`select count(*) as n from push_deliveries`)).toBe(0);
    expect(pushesTo(phone).map((p) => p.body)).toEqual([
      '\u2068Patient Commenter\u2069 commented on your listing\n“\u2068Open to offers?\u2069”',
      '\u2068Patient Commenter\u2069 commented on your listing\n“\u2068Open to offers?\u2069”',
    ]);
    expect(await endpointsOf(owner.id)).toEqual([phone.endpoint]);
  });
});

describe('messages', () => {
  it('are not pushed to someone with the app in front; with the tab hidden they are', async () => {
    const sara = await person('Sara Sender');
    const omar = await person('Omar Reader');
    const phone = service.device();
    await subscribe(omar, phone);
    const conversation = (await api(sara, 'POST', '/api/chat/conversations', { user_id: omar.id })).json()
      .data;
    const send = (content: string) =>
      api(sara, 'POST', `/api/chat/conversations/${conversation.id}/messages`, { content });
    const socket = await connectSocket(url, omar.token);
    sockets.push(socket);
    const foreground = (payload: unknown) =>
      (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<Ack>)('foreground', payload);
    expect(await foreground({ visible: 'yes' })).toMatchObject({ ok: false, status: 422 });
    expect(await foreground({ visible: true })).toEqual({ ok: true });

    // In front (on another page of the app): the message is in the bell, not pushed.
    await send('Is the shop available?');
    ahead += MESSAGE_NOTIFY_DELAY_MS + 1000;
    await quiet(omar.id, 'message');
    expect(pushesTo(phone)).toEqual([]);

    // The tab hidden: the next is pushed, urgently.
    expect(await foreground({ visible: false })).toEqual({ ok: true });
    await send('I can visit tomorrow');
    ahead += MESSAGE_NOTIFY_DELAY_MS + 1000;
    expect(await nextPush(phone)).toEqual({
      title: 'Makan',
      body: '\u2068Sara Sender\u2069 sent you a message\n“\u2068I can visit tomorrow\u2069”',
      url: `/chat/${conversation.id}`,
      tag: `message:conversation:${conversation.id}`,
      lang: 'en',
    });
    expect(service.received.find((r) => r.endpoint === phone.endpoint)?.urgency).toBe('high');
  });
});

describe('two processes sharing the database', () => {
  /** A second server on the same database (its own workers and sockets), as a second process would be. */
  let second: App;
  beforeAll(async () => {
    second = await buildApp(config, {
      ...overrides,
      database: { ...database, close: async () => undefined },
      logger: false,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('send each push once, whichever of them wrote the notification', async () => {
    const owner = await person('Busy Owner');
    const fans = [await person('Fan One'), await person('Fan Two')];
    const phone = service.device();
    await subscribe(owner, phone);
    await setPush(owner, 'like', true);
    const posts: number[] = [];
    for (let i = 0; i < 6; i++) posts.push(await createListing(app, owner, `Unit ${i} in Olaya`));
    // Likes through either server: each kicks its own workers, and both timers run.
    await Promise.all(
      posts.flatMap((post, i) =>
        fans.map((fan) =>
          (i % 2 ? second : app).inject({
            method: 'POST',
            url: `/api/posts/${post}/like`,
            headers: fan.auth,
          }),
        ),
      ),
    );
    await expect
      .poll(
        () =>
          count(sql`select (select count(*) from notification_events) + (select count(*) from push_deliveries)
              + (6 - (select count(*) from notifications where recipient_id = ${owner.id})) as n`),
        { timeout: scaled(15_000), interval: 50 },
      )
      .toBe(0);
    // No push waits any more: each notification was pushed once or twice (a second like after the first
    // push went), never more, and its last push tells both people.
    const byTopic = new Map<string | undefined, PushPayload[]>();
    for (const r of service.received.filter((r) => r.endpoint === phone.endpoint))
      byTopic.set(r.topic, [...(byTopic.get(r.topic) ?? []), pushPayload.parse(JSON.parse(r.text))]);
    expect(byTopic.size).toBe(6);
    for (const [, same] of byTopic) {
      expect(same.length).toBeLessThanOrEqual(2);
      expect(same.at(-1)?.body).toMatch(
        /^\u2068Fan (One|Two)\u2069 and \u2068Fan (One|Two)\u2069 liked your listing$/,
      );
    }
    expect(service.rejected).toEqual([]);
  });

  // Sockets on another process are seen through the Redis adapter only (CI's PostgreSQL lane has it).
  it.skipIf(!process.env.REDIS_URL)(
    'do not push a message to someone with a tab in front on the other',
    async () => {
      const sara = await person('Sara Elsewhere');
      const omar = await person('Omar Elsewhere');
      const phone = service.device();
      await subscribe(omar, phone);
      const conversation = (await api(sara, 'POST', '/api/chat/conversations', { user_id: omar.id })).json()
        .data;
      const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const socket = await connectSocket(secondUrl, omar.token);
      sockets.push(socket);
      const foreground = (visible: boolean) =>
        (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<Ack>)('foreground', {
          visible,
        });
      expect(await foreground(true)).toEqual({ ok: true });
      await api(sara, 'POST', `/api/chat/conversations/${conversation.id}/messages`, {
        content: 'Seen there',
      });
      ahead += MESSAGE_NOTIFY_DELAY_MS + 1000;
      await quiet(omar.id, 'message');
      expect(pushesTo(phone)).toEqual([]);
      expect(await foreground(false)).toEqual({ ok: true });
      await api(sara, 'POST', `/api/chat/conversations/${conversation.id}/messages`, {
        content: 'Now hidden',
      });
      ahead += MESSAGE_NOTIFY_DELAY_MS + 1000;
      expect((await nextPush(phone)).body).toBe(
        '\u2068Sara Elsewhere\u2069 sent you a message\n“\u2068Now hidden\u2069”',
      );
    },
  );
});

describe('the test push service', () => {
  it('decrypts what RFC 8291 encodes, one record or several, and refuses a wrong key', () => {
    const device = service.device();
    const text = JSON.stringify({ body: 'مرحبا'.repeat(300) });
    expect(decryptPush(encryptPush(text, device), device)).toBe(text);
    expect(decryptPush(encryptPush(text, device, 256), device)).toBe(text);
    expect(() => decryptPush(encryptPush(text, device), service.device())).toThrow();
  });
});
