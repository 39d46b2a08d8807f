import type { AddressInfo } from 'node:net';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  PREFERENCE_KINDS,
  type PreferenceKind,
} from '@makan/contract/notifications';
import { TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../adapters/mail.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createListing } from '../../test/listings.ts';
import { type ReceivedMail, startSmtpServer } from '../../test/smtp.ts';
import { connectSocket, type TestSocket } from '../../test/sockets.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * Preferences and the email digest (issue 22): switches per kind and channel; a digest of what a user
 * missed, through a real SMTP server, once they have been away (no open app, not seen for 30
 * minutes), at most once per 4 hours, in their language, as text and HTML, with a one-click
 * unsubscribe (RFC 8058) that needs no sign-in.
 */

const messages = capturedMessages();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: App;
let database: DatabaseHandle;
let url: string;
let ahead = 0;
const sockets: TestSocket[] = [];
type User = Awaited<ReturnType<typeof signedInUser>>;
const HOUR = 3_600_000;
/** Addresses whose next digest the mail server refuses (once). */
const failDigestsTo = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtpServer();
  const real = createMailer({
    smtpUrl: smtp.url,
    from: 'Makan <notify@makan.test>',
    outbox: { write: async () => '' } as never,
  });
  // Sign-up codes are read from the captured mail; everything also goes through the real server.
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (message) => {
      if (failDigestsTo.has(message.to) && message.headers?.['List-Unsubscribe-Post']) {
        failDigestsTo.delete(message.to);
        throw new Error('the mail server refused it');
      }
      await messages.mailer.send(message);
      await real.send(message);
    },
  };
  ({ app, database } = await createTestApp(
    { NOTIFICATIONS_EVERY_SECONDS: '1', PUBLIC_URL: 'http://makan.test' },
    { mailer, sms: messages.sms, clock: { now: () => new Date(Date.now() + ahead) } },
  ));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
  await smtp?.close();
});

const api = requestAs(() => app);

/** A member who signed up an hour ago (so away long enough) and never opened the app. */
async function member(name: string, language: 'en' | 'ar' = 'en') {
  const user = await signedInUser(app, messages, { name });
  await database.db.execute(
    sql`update users set created_at = now() - interval '1 hour', language = ${language} where id = ${user.id}`,
  );
  return user;
}

/** The digests a member received (the only mail with a one-click unsubscribe). */
const digestsTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email) && /^List-Unsubscribe-Post:/im.test(headersOf(m)));
/** The headers, unfolded. */
const headersOf = (mail: ReceivedMail) => mail.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/im.exec(headersOf(mail))?.[1] ?? '';
/** The text part, decoded as its Content-Transfer-Encoding says (quoted-printable or base64). */
function textOf(mail: ReceivedMail) {
  const match = /Content-Type: text\/plain[^\r\n]*((?:\r?\n[^\r\n]+)*)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
    mail.raw,
  );
  const [headers, part] = [match?.[1] ?? '', match?.[2] ?? ''];
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers))
    return Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8');
  const soft = part.replace(/=\r?\n/g, '');
  return Buffer.from(
    soft.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

async function comment(user: User, postId: number, text: string) {
  const res = await api(user, 'POST', `/api/posts/${postId}/comments`, { comment: text });
  expect(res.statusCode, res.body).toBe(201);
}

describe('preferences', () => {
  it('start from the defaults, change per kind and channel, and silence a kind in the app', async () => {
    const owner = await member('Prefs Owner');
    const fan = await member('Prefs Fan');
    const initial = (await api(owner, 'GET', '/api/notifications/preferences')).json().data.preferences;
    expect(initial).toEqual(
      PREFERENCE_KINDS.map((kind) => ({ kind, ...DEFAULT_NOTIFICATION_PREFERENCES[kind] })),
    );
    const saved = await api(owner, 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'like', in_app: false, push: true, email: true }],
    });
    expect(saved.json().message).toBe(TEXT.notificationPreferencesSaved);
    expect(saved.json().data.preferences[0]).toEqual({
      kind: 'like',
      in_app: false,
      push: true,
      email: true,
    });
    expect(saved.json().data.preferences[1]).toEqual({
      kind: 'comment',
      in_app: true,
      push: true,
      email: true,
    });
    const bad = await api(owner, 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'moderation', in_app: false, push: false, email: false }],
    });
    expect(bad.statusCode).toBe(422);
    expect((await api(null, 'GET', '/api/notifications/preferences')).statusCode).toBe(401);

    // Likes are off in the app: a like tells nothing; a follow still does.
    const post = await createListing(app, owner, 'Quiet listing');
    await api(fan, 'POST', `/api/posts/${post}/like`);
    await api(fan, 'POST', `/api/profiles/${owner.id}/follow`);
    await expect
      .poll(async () => (await api(owner, 'GET', '/api/notifications')).json().data.notifications.length)
      .toBe(1);
    const [only] = (await api(owner, 'GET', '/api/notifications')).json().data.notifications;
    expect(only.kind).toBe('follow');
  });
});

describe('the email digest', () => {
  it('goes to someone away, once per few hours, with what they chose, and unsubscribes in one click', async () => {
    const owner = await member('Digest Owner');
    const visitor = await member('Digest Visitor');
    const post = await createListing(app, owner, 'Digest listing');
    await api(visitor, 'POST', `/api/posts/${post}/like`); // likes: not by email by default
    // The like alone, unread, for a few passes: nothing to send, and no turn taken for it.
    await expect
      .poll(async () => (await api(owner, 'GET', '/api/notifications')).json().data.unread_count)
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(digestsTo(owner.email)).toHaveLength(0);
    await comment(visitor, post, 'Is there parking nearby?');
    await expect.poll(() => digestsTo(owner.email).length, { timeout: scaled(10_000) }).toBe(1);
    const [mail] = digestsTo(owner.email);
    if (!mail) throw new Error('no digest');
    const headers = headersOf(mail);
    expect(subjectOf(mail)).toBe('You have 1 new notification on Makan');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/im.exec(headers)?.[1];
    expect(unsubscribe).toMatch(
      /^http:\/\/makan\.test\/api\/notifications\/unsubscribe\?token=\d+\.[\w-]{32}$/,
    );
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const text = textOf(mail);
    expect(text).toContain('\u2068Digest Visitor\u2069 commented on your listing');
    expect(text).toContain('Is there parking nearby?');
    expect(text).not.toContain('liked');

    // More while the 4 hours have not passed: no second email; after them, only what is new.
    await comment(visitor, post, 'And is it furnished?');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(digestsTo(owner.email)).toHaveLength(1);
    ahead += 5 * HOUR;
    await expect.poll(() => digestsTo(owner.email).length, { timeout: scaled(10_000) }).toBe(2);
    const second = textOf(digestsTo(owner.email)[1] as ReceivedMail);
    expect(second).toContain('And is it furnished?');
    expect(second).not.toContain('Is there parking nearby?');

    // One click, no sign-in: every email switch off, the app's as they were.
    const path = new URL(unsubscribe as string).pathname + new URL(unsubscribe as string).search;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('data-testid="unsubscribe-confirm"');
    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().message).toBe(TEXT.unsubscribed);
    const prefs = (await api(owner, 'GET', '/api/notifications/preferences')).json().data.preferences as {
      kind: PreferenceKind;
      in_app: boolean;
      push: boolean;
      email: boolean;
    }[];
    // Every email switch off; the app and push switches as they were.
    expect(prefs).toEqual(
      PREFERENCE_KINDS.map((kind) => ({ kind, ...DEFAULT_NOTIFICATION_PREFERENCES[kind], email: false })),
    );
    const forged = path.replace(/\.[\w-]{32}$/, `.${'A'.repeat(32)}`);
    const refused = await app.inject({ method: 'POST', url: forged, payload: 'List-Unsubscribe=One-Click' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(TEXT.unsubscribeInvalid);
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(422);
  });

  it('waits while the app is open, and speaks the recipient’s language', async () => {
    const online = await member('Online Owner');
    const arabic = await member('مالك عربي', 'ar');
    const visitor = await member('Busy Visitor');
    const socket = await connectSocket(url, online.token);
    sockets.push(socket);
    const a = await createListing(app, online, 'Online listing');
    const b = await createListing(app, arabic, 'Arabic listing');
    await comment(visitor, a, 'Hello there');
    await comment(visitor, b, 'مرحبًا');
    await expect.poll(() => digestsTo(arabic.email).length, { timeout: scaled(10_000) }).toBe(1);
    expect(subjectOf(digestsTo(arabic.email)[0] as ReceivedMail)).toMatch(/^=\?UTF-8\?/i);
    expect(textOf(digestsTo(arabic.email)[0] as ReceivedMail)).toContain(
      'علّق \u2068Busy Visitor\u2069 على إعلانك',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(digestsTo(online.email)).toHaveLength(0);
  });

  it('refused by the mail server, goes on a later pass, not four hours later', async () => {
    const owner = await member('Refused Owner');
    const visitor = await member('Refused Visitor');
    failDigestsTo.add(owner.email);
    await comment(visitor, await createListing(app, owner, 'Refused listing'), 'Still available?');
    await expect.poll(() => failDigestsTo.has(owner.email), { timeout: scaled(10_000) }).toBe(false);
    await expect.poll(() => digestsTo(owner.email).length, { timeout: scaled(10_000) }).toBe(1);
    expect(textOf(digestsTo(owner.email)[0] as ReceivedMail)).toContain('Still available?');
  });
});
