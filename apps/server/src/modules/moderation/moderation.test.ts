import type { AddressInfo } from 'node:net';
import { TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { testDatabaseName } from '../../test/database-name.ts';
import { createListing } from '../../test/listings.ts';
import { connectSocket, type TestSocket, whenDisconnected } from '../../test/sockets.ts';
import { createTestApp, redisTestEnv } from '../../test/test-app.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * Reports and moderation (issue 21) over HTTP and the socket: members report (once each, never their
 * own, a message with its surroundings as evidence); moderators work the queue (most reported first),
 * remove content (its author told why), warn, suspend (sessions and sockets end at once, sign-in
 * refused with the date, listings hidden) and restore; every action is in an audit log the database
 * refuses to change; admins grant and revoke moderators; the first admin from the command line.
 */

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let url: string;
const sockets: TestSocket[] = [];
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ({ app, database } = await createTestApp(redisTestEnv('mod'), {
    mailer: messages.mailer,
    sms: messages.sms,
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
});

const api = requestAs(() => app);

const listing = (user: User, description: string) =>
  createListing(app, user, description, { property_type: 'retail', location: 'Tahlia Street' });

async function withRole(role: 'moderator' | 'admin', name = 'Mona Moderator') {
  const user = await signedInUser(app, messages, { name });
  await database.db.execute(sql`update users set role = ${role} where id = ${user.id}`);
  return user;
}

const report = (user: User, body: object) => api(user, 'POST', '/api/reports', body);
const lastMailTo = (email: string) => messages.mails.filter((m) => m.to === email).at(-1);

describe('reports', () => {
  it('takes one report per member and target, in the spec’s words, and never of one’s own content', async () => {
    const author = await signedInUser(app, messages);
    const reporter = await signedInUser(app, messages);
    const post = await listing(author, 'Shop with a made-up price');
    expect(
      (await api(null, 'POST', '/api/reports', { target_type: 'post', target_id: post, reason: 'fraud' }))
        .statusCode,
    ).toBe(401);
    const noReason = await report(reporter, { target_type: 'post', target_id: post });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([TEXT.reportReasonRequired]);
    const other = await report(reporter, { target_type: 'post', target_id: post, reason: 'other' });
    expect(other.json().errors.details).toEqual([TEXT.reportDetailsRequired]);
    const long = await report(reporter, {
      target_type: 'post',
      target_id: post,
      reason: 'other',
      details: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(422);

    const done = await report(reporter, {
      target_type: 'post',
      target_id: post,
      reason: 'wrong_details',
      details: 'The price is per month, not per year',
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().message).toBe(TEXT.reportCreated);
    const again = await report(reporter, { target_type: 'post', target_id: post, reason: 'fraud' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEXT.reportDuplicate);
    const own = await report(author, { target_type: 'post', target_id: post, reason: 'spam' });
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(TEXT.reportOwn);
    expect(
      (await report(reporter, { target_type: 'post', target_id: 999_999, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(reporter, { target_type: 'user', target_id: author.id, reason: 'harassment' }))
        .statusCode,
    ).toBe(201);
  });

  it('keeps the messages around a reported message as evidence, for moderators only; strangers cannot report it', async () => {
    const [sender, receiver, stranger] = [
      await signedInUser(app, messages, { name: 'Sender' }),
      await signedInUser(app, messages, { name: 'Receiver' }),
      await signedInUser(app, messages),
    ];
    const conversation = (
      await api(sender, 'POST', '/api/chat/conversations', { user_id: receiver.id })
    ).json().data.id;
    const ids: number[] = [];
    for (const content of ['Hello', 'Send the deposit to this account first', 'Why?', 'Trust me']) {
      const from = content === 'Why?' ? receiver : sender;
      ids.push(
        (await api(from, 'POST', `/api/chat/conversations/${conversation}/messages`, { content })).json().data
          .id,
      );
    }
    const target = ids[1] ?? 0;
    expect(
      (await report(stranger, { target_type: 'message', target_id: target, reason: 'fraud' })).statusCode,
    ).toBe(404);
    expect(
      (await report(receiver, { target_type: 'message', target_id: target, reason: 'fraud' })).statusCode,
    ).toBe(201);

    const moderator = await withRole('moderator');
    expect((await api(receiver, 'GET', `/api/admin/reports/message/${target}`)).statusCode).toBe(403);
    const seen = await api(moderator, 'GET', `/api/admin/reports/message/${target}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const evidence = seen.json().data.reports[0].evidence as {
      id: number;
      content: string;
      reported: boolean;
      sender_name: string;
    }[];
    expect(evidence.map((m) => m.id)).toEqual(ids);
    expect(evidence.find((m) => m.reported)).toMatchObject({
      id: target,
      sender_name: 'Sender',
      content: 'Send the deposit to this account first',
    });
    expect(seen.json().data).toMatchObject({
      target_type: 'message',
      reports_count: 1,
      author: { id: sender.id },
    });
  });
});

describe('the moderators’ console', () => {
  it('is refused to members (403) and anonymous callers (401), whatever they send', async () => {
    const member = await signedInUser(app, messages);
    for (const [method, path] of [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/users/${member.id}/suspend`],
      ['POST', '/api/admin/moderators'],
    ] as const) {
      expect((await api(member, method, path, {})).statusCode, path).toBe(403);
      expect((await api(null, method, path, {})).statusCode, path).toBe(401);
    }
    expect((await api(member, 'GET', '/api/admin/me')).json().data).toEqual({ role: 'member' });
  });

  it('lists the most reported first, then the oldest; removes a listing, tells its author why and the reporters it was handled', async () => {
    const moderator = await withRole('moderator');
    const author = await signedInUser(app, messages, { name: 'Listing Author' });
    const once = await listing(author, 'Reported once');
    const thrice = await listing(author, 'Reported three times: same photos as another listing');
    const reporters = [
      await signedInUser(app, messages),
      await signedInUser(app, messages),
      await signedInUser(app, messages),
    ];
    await report(reporters[0] as User, { target_type: 'post', target_id: once, reason: 'spam' });
    for (const r of reporters)
      await report(r, {
        target_type: 'post',
        target_id: thrice,
        reason: r === reporters[0] ? 'duplicate' : 'fraud',
      });

    const queue = (await api(moderator, 'GET', '/api/admin/reports')).json().data.items as {
      target_type: string;
      target_id: number;
      reports_count: number;
      reasons: string[];
    }[];
    const mine = queue.filter(
      (i) => i.target_type === 'post' && (i.target_id === once || i.target_id === thrice),
    );
    expect(mine.map((i) => i.target_id)).toEqual([thrice, once]);
    expect(mine[0]).toMatchObject({ reports_count: 3 });
    expect(mine[0]?.reasons.sort()).toEqual(['duplicate', 'fraud']);

    const missing = await api(moderator, 'POST', `/api/admin/reports/post/${thrice}/remove`, { reason: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.reason).toEqual([TEXT.moderationReasonRequired]);
    const removed = await api(moderator, 'POST', `/api/admin/reports/post/${thrice}/remove`, {
      reason: 'Duplicate of listing 12',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(TEXT.contentRemoved);
    expect((await api(author, 'GET', `/api/posts/${thrice}`)).statusCode).toBe(404);
    expect(lastMailTo(author.email)?.text).toContain('Duplicate of listing 12');
    for (const r of reporters) expect(lastMailTo(r.email)?.subject).toBe('Thank you for your report');
    const after = (await api(moderator, 'GET', '/api/admin/reports')).json().data.items as {
      target_type: string;
      target_id: number;
    }[];
    expect(after.filter((i) => i.target_type === 'post').map((i) => i.target_id)).not.toContain(thrice);

    const dismissed = await api(moderator, 'POST', `/api/admin/reports/post/${once}/dismiss`, {});
    expect(dismissed.json().message).toBe(TEXT.reportDismissed);
    const audit = (await api(moderator, 'GET', `/api/admin/audit?target_user_id=${author.id}`)).json().data
      .entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['dismiss', 'remove']);
    expect(audit[1]).toMatchObject({
      moderator: { id: moderator.id, name: 'Mona Moderator' },
      target_type: 'post',
      target_id: thrice,
      reason: 'Duplicate of listing 12',
    });
  });

  it('keeps an audit log nobody can change, not even the application’s own database user', async () => {
    const moderator = await withRole('moderator');
    const member = await signedInUser(app, messages);
    await api(moderator, 'POST', `/api/admin/users/${member.id}/warn`, { reason: 'Be polite in chats' });
    expect(lastMailTo(member.email)?.text).toContain('Be polite in chats');
    await expect(database.db.execute(sql`update moderation_actions set reason = 'edited'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from moderation_actions`)).rejects.toThrow();
    const entries = (
      await api(moderator, 'GET', `/api/admin/audit?action=warn&target_user_id=${member.id}`)
    ).json().data.entries;
    expect(entries).toEqual([expect.objectContaining({ action: 'warn', reason: 'Be polite in chats' })]);
  });

  it('suspends: every session and socket ends at once, sign-in is refused with the date, listings are hidden; restore lets them back', async () => {
    const moderator = await withRole('moderator');
    const viewer = await signedInUser(app, messages);
    const member = await signedInUser(app, messages, { name: 'Suspended Member' });
    const post = await listing(member, 'Listing of a member about to be suspended');
    const socket = await connectSocket(url, member.token);
    sockets.push(socket);
    const closed = whenDisconnected(socket);

    expect(
      (await api(moderator, 'POST', `/api/admin/users/${moderator.id}/suspend`, { reason: 'x', days: 1 }))
        .statusCode,
    ).toBe(422);
    const suspended = await api(moderator, 'POST', `/api/admin/users/${member.id}/suspend`, {
      reason: 'Fake listings',
      days: 7,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await closed;
    expect((await api(member, 'GET', '/api/user')).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: member.email, password: 'Secret123' },
      remoteAddress: '198.51.100.60',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/^This account is suspended until \d{4}-\d{2}-\d{2}\./);
    expect((await api(viewer, 'GET', `/api/posts/${post}`)).statusCode).toBe(404);
    const feed = (await api(viewer, 'GET', '/api/posts?order=latest&per_page=50')).json().data.posts as {
      id: number;
    }[];
    expect(feed.map((p) => p.id)).not.toContain(post);
    expect(lastMailTo(member.email)?.text).toContain('Fake listings');

    // A moderator cannot suspend another moderator; an admin can act on staff.
    const other = await withRole('moderator', 'Other Moderator');
    expect(
      (await api(moderator, 'POST', `/api/admin/users/${other.id}/suspend`, { reason: 'x', forever: true }))
        .statusCode,
    ).toBe(403);

    const restored = await api(moderator, 'POST', `/api/admin/users/${member.id}/restore`, {
      reason: 'Appeal accepted',
    });
    expect(restored.json().message).toBe(TEXT.userRestored);
    const back = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: member.email, password: 'Secret123' },
      remoteAddress: '198.51.100.61',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await api(viewer, 'GET', `/api/posts/${post}`)).statusCode).toBe(200);
  });

  it('suspends for good, said without a date', async () => {
    const admin = await withRole('admin', 'Ada Admin');
    const member = await signedInUser(app, messages);
    await api(admin, 'POST', `/api/admin/users/${member.id}/suspend`, { reason: 'Scams', forever: true });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: member.email, password: 'Secret123' },
      remoteAddress: '198.51.100.62',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(TEXT.accountSuspendedForever);
    const staff = (await api(admin, 'GET', '/api/admin/moderators')).json().data.users as { id: number }[];
    expect(staff.map((u) => u.id)).toContain(admin.id);
  });

  it('lets admins, and only admins, make and unmake moderators by email; both go to the audit log', async () => {
    const admin = await withRole('admin', 'Ada Admin');
    const moderator = await withRole('moderator');
    const member = await signedInUser(app, messages);
    expect((await api(moderator, 'POST', '/api/admin/moderators', { email: member.email })).statusCode).toBe(
      403,
    );
    const granted = await api(admin, 'POST', '/api/admin/moderators', { email: member.email.toUpperCase() });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await api(member, 'GET', '/api/user')).json().data.role).toBe('moderator');
    expect((await api(member, 'GET', '/api/admin/reports')).statusCode).toBe(200);
    expect((await api(admin, 'DELETE', `/api/admin/moderators/${member.id}`)).statusCode).toBe(200);
    expect((await api(member, 'GET', '/api/admin/reports')).statusCode).toBe(403);
    const unknown = await api(admin, 'POST', '/api/admin/moderators', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(422);
    const entries = (await api(admin, 'GET', `/api/admin/audit?target_user_id=${member.id}`)).json().data
      .entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['revoke_moderator', 'grant_moderator']);
  });
});

describe('npm run admin', () => {
  it('says how to use it', async () => {
    expect(await runAdminCommand([])).toMatchObject({ code: 2 });
    expect(await runAdminCommand(['promote', 'a@b.c'])).toMatchObject({ code: 2 });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'makes the first admin of a database, and writes it to the audit log (PostgreSQL)',
    async () => {
      const adminUrl = process.env.DATABASE_URL ?? '';
      const name = testDatabaseName('app');
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`create database ${name}`);
      const target = new URL(adminUrl);
      target.pathname = `/${name}`;
      try {
        expect(
          await runAdminCommand(['grant', 'first@example.com'], {
            DATABASE_URL: target.toString(),
            DATA_DIR: '/tmp',
          }),
        ).toMatchObject({ code: 1 });
        const db = new pg.Client({ connectionString: target.toString() });
        await db.connect();
        await db.query(
          `insert into users (name, email, phone, phone_normalized, user_type) values ('First Admin', 'first@example.com', '+966500000001', '+966500000001', 'retail')`,
        );
        const done = await runAdminCommand(['grant', ' First@Example.com '], {
          DATABASE_URL: target.toString(),
          DATA_DIR: '/tmp',
        });
        expect(done).toMatchObject({ code: 0 });
        expect((await db.query(`select role from users where email = 'first@example.com'`)).rows).toEqual([
          { role: 'admin' },
        ]);
        expect((await db.query(`select action, moderator_name from moderation_actions`)).rows).toEqual([
          { action: 'grant_admin', moderator_name: 'command line' },
        ]);
        await db.end();
      } finally {
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      }
    },
  );
});
