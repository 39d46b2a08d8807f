import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_DELETION_GRACE_DAYS, DATA_EXPORT_DAYS } from '@makan/contract/account';
import { formatText, TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { multipartBody } from '../../test/form.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * Deleting one's account and downloading one's data (issue 20), through HTTP against a real
 * database, with the app's own background jobs (every second here) doing the erasing and the
 * preparing, on the test's clock.
 */

const { clock, advance } = manualClock();
const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let dataDir: string;
let ipSeq = 0;

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, database, config } = await createTestApp(
    { ACCOUNT_JOBS_EVERY_SECONDS: '1', PUBLIC_URL: 'https://makan.example' },
    { clock, mailer: messages.mailer, sms: messages.sms, sleep: async () => {} },
  ));
  dataDir = config.dataDir;
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app?.close());
beforeEach(() => {
  // Past every rate-limit window of the previous test.
  advance(25 * 60 * 60_000);
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;
const nextIp = () => {
  ipSeq += 1;
  return `198.19.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
};
const request = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who?: { auth: Record<string, string> },
  payload?: object,
) =>
  app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: who?.auth ?? {},
    ...(payload ? { payload } : {}),
  });
const login = (person: Person) =>
  request('POST', '/api/auth/login', undefined, { identifier: person.email, password: person.password });

/** Waits for the background jobs (a pass every second) to have done something. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never happened: ${what}`);
}

const rowsOf = <T extends z.ZodRawShape>(shape: T) => z.object({ rows: z.array(z.object(shape)) });
const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 0, g: 120, b: 110 } } })
    .png()
    .toBuffer();

async function setPicture(person: Person) {
  const body = await multipartBody({}, [
    { name: 'me.png', bytes: await png(), type: 'image/png', field: 'picture' },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/profile/picture',
    payload: body.payload,
    headers: { ...person.auth, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function createPost(person: Person, description: string) {
  const body = await multipartBody(
    { property_type: 'office', location: 'Olaya', description },
    [{ name: 'office.png', bytes: await png(), type: 'image/png' }],
    'media[]',
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: body.payload,
    headers: { ...person.auth, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function conversationOf(a: Person, b: Person) {
  const res = await request('POST', '/api/chat/conversations', a, { user_id: b.id });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.id as number;
}
async function say(person: Person, conversationId: number, content: string) {
  const res = await request('POST', `/api/chat/conversations/${conversationId}/messages`, person, {
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** A user with something of everything: picture, a post with a photo, a comment, a like, a follow, a chat. */
async function busyUser(name: string, other: Person) {
  const person = await signedInUser(app, messages, { name });
  await setPicture(person);
  const ownPost = await createPost(person, 'My own office listing');
  const othersPost = await createPost(other, 'The other person listing');
  expect(
    (await request('POST', `/api/posts/${othersPost}/comments`, person, { comment: 'Is it still free?' }))
      .statusCode,
  ).toBe(201);
  expect((await request('POST', `/api/posts/${othersPost}/like`, person)).statusCode).toBe(200);
  expect(
    (await request('POST', `/api/posts/${ownPost}/comments`, other, { comment: 'Nice place' })).statusCode,
  ).toBe(201);
  expect((await request('POST', `/api/profiles/${other.id}/follow`, person)).statusCode).toBe(200);
  const conversation = await conversationOf(person, other);
  const mine = await say(person, conversation, 'Hello, about your office');
  const theirs = await say(other, conversation, 'Yes, it is available');
  return { person, ownPost, othersPost, conversation, mine, theirs };
}

const deletion = (person: Person, body: object) => request('POST', '/api/account/deletion', person, body);

describe('deleting the account', () => {
  it('asks for the password again: a wrong one changes nothing; the right one ends every session and tells the owner', async () => {
    const person = await signedInUser(app, messages);
    const second = (await login(person)).json().data.token as string;

    const missing = await deletion(person, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual([TEXT.required]);
    const wrong = await deletion(person, { current_password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([TEXT.currentPasswordWrong]);
    expect((await request('GET', '/api/user', person)).statusCode).toBe(200);

    const before = messages.mails.length;
    const done = await deletion(person, { current_password: person.password });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(
      formatText(TEXT.accountDeletionScheduled, { days: ACCOUNT_DELETION_GRACE_DAYS }),
    );
    const due = new Date(done.json().data.deletion_due_at).getTime();
    expect(due - clock.now().getTime()).toBe(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    expect((await request('GET', '/api/user', person)).statusCode).toBe(401);
    expect(
      (await request('GET', '/api/user', { auth: { authorization: `Bearer ${second}` } })).statusCode,
    ).toBe(401);
    const told = messages.mails.slice(before).filter((m) => m.to === person.email);
    expect(told.map((m) => m.subject)).toContain('Your Makan account will be deleted');
    // Nobody else can ask: without a session there is no account to name.
    expect(
      (await request('POST', '/api/account/deletion', undefined, { current_password: 'x' })).statusCode,
    ).toBe(401);
  });

  it('logging in during the grace period cancels it: the account outlives its date and the owner is told', async () => {
    const person = await signedInUser(app, messages);
    expect((await deletion(person, { current_password: person.password })).statusCode).toBe(200);
    advance(ACCOUNT_DELETION_GRACE_DAYS * DAY - 60_000);
    const back = await login(person);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.deletion_cancelled).toBe(true);
    expect(back.json().message).toBe(TEXT.accountDeletionCancelled);
    expect(messages.mails.filter((m) => m.to === person.email).at(-1)?.subject).toBe(
      'Your Makan account will no longer be deleted',
    );
    const token = back.json().data.token as string;
    advance(2 * DAY);
    // Several job passes later the account is still there.
    await new Promise((r) => setTimeout(r, 2500));
    const me = await request('GET', '/api/user', { auth: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect((await login(person)).json().data.deletion_cancelled).toBeUndefined();
  });

  it('an account without a password confirms with a code sent to its email', async () => {
    const person = await signedInUser(app, messages);
    const ask = () => request('POST', '/api/account/code', person, { action: 'deletion' });
    expect((await ask()).statusCode).toBe(422);
    await database.db.execute(sql`update users set password_hash = null where id = ${person.id}`);
    const sent = await ask();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.value).toBe(person.email);
    expect(
      (await deletion(person, { code: '0000' === messages.lastEmailCode(person.email) ? '1111' : '0000' }))
        .statusCode,
    ).toBe(422);
    const done = await deletion(person, { code: messages.lastEmailCode(person.email) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await request('GET', '/api/user', person)).statusCode).toBe(401);
  });

  it('after the grace period nothing of the user is left in any table or on disk, but their messages, from a deleted account', async () => {
    const other = await signedInUser(app, messages, { name: 'Stays Around' });
    const name = 'Zubaida Erasable';
    const { person, ownPost, othersPost, conversation, mine, theirs } = await busyUser(name, other);
    const keys = rowsOf({ key: z.string() })
      .parse(
        await database.db.execute(sql`
        select picture_key as key from users where id = ${person.id} and picture_key is not null
        union all select m.key from post_media m join posts p on p.id = m.post_id where p.user_id = ${person.id}`),
      )
      .rows.map((r) => r.key);
    expect(keys).toHaveLength(2);
    const mediaFiles = () => readdirSync(path.join(dataDir, 'media'), { recursive: true }).map(String);
    for (const key of keys) expect(mediaFiles().some((f) => f.includes(key))).toBe(true);

    expect((await deletion(person, { current_password: person.password })).statusCode).toBe(200);
    // Still there the day before.
    advance((ACCOUNT_DELETION_GRACE_DAYS - 1) * DAY);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await request('GET', `/api/profiles/${person.id}`, other)).statusCode).toBe(200);

    advance(DAY + 60_000);
    await eventually(async () => {
      const res = await request('GET', `/api/profiles/${person.id}`, other);
      return res.statusCode === 404 ? true : undefined;
    }, 'the account erased');

    // Every column that points at a user holds no row of theirs.
    const references = rowsOf({ table: z.string(), column: z.string() }).parse(
      await database.db.execute(sql`
        select c.conrelid::regclass::text as table, a.attname as column
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'users'::regclass`),
    ).rows;
    expect(references.length).toBeGreaterThan(10);
    for (const { table, column } of [...references, { table: 'users', column: 'id' }]) {
      const found = rowsOf({ n: z.number() }).parse(
        await database.db.execute(
          sql.raw(`select count(*)::int as n from ${table} where ${column} = ${person.id}`),
        ),
      ).rows[0]?.n;
      expect(found, `${table}.${column}`).toBe(0);
    }
    // No text anywhere names them, their email or their phone (rate-limit counters excepted: they
    // expire within a day, long before the grace period ends).
    const textColumns = rowsOf({ table: z.string(), column: z.string() }).parse(
      await database.db.execute(sql`
        select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying') and table_name <> 'rate_limits'`),
    ).rows;
    for (const { table, column } of textColumns) {
      const found = rowsOf({ n: z.number() }).parse(
        await database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} ilike ${`%${person.email}%`} or ${sql.identifier(column)} = ${person.phone} or ${sql.identifier(column)} ilike ${`%${name}%`}`,
        ),
      ).rows[0]?.n;
      expect(found, `${table}.${column}`).toBe(0);
    }
    // Their posts (with the other person's comment on it), comment and like are gone; the other's post stays.
    expect((await request('GET', `/api/posts/${ownPost}`, other)).statusCode).toBe(404);
    const kept = await request('GET', `/api/posts/${othersPost}`, other);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.likes_count).toBe(0);
    expect(kept.json().data.comments_count).toBe(0);
    for (const key of keys) expect(mediaFiles().some((f) => f.includes(key))).toBe(false);

    // The conversation stays for the other person: their message, and ours from a deleted account.
    const list = await request('GET', `/api/chat/conversations/${conversation}/messages`, other);
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map(list.json().data.messages.map((m: { id: number }) => [m.id, m]));
    expect(byId.get(mine)).toMatchObject({
      sender_id: null,
      sender: null,
      content: 'Hello, about your office',
    });
    expect(byId.get(theirs)).toMatchObject({ sender_id: other.id, content: 'Yes, it is available' });
    const conversations = await request('GET', '/api/chat/conversations', other);
    const listed = conversations.json().data.conversations.find((c: { id: number }) => c.id === conversation);
    expect(listed).toMatchObject({ other_participant: null, is_active: false });
    // Nobody writes to an account that is no more.
    const reply = await request('POST', `/api/chat/conversations/${conversation}/messages`, other, {
      content: 'Hello?',
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(TEXT.conversationLeft);
    // The erased account cannot sign in, and its email is free again.
    expect((await login(person)).statusCode).toBe(422);
  });
});

describe('a copy of my data', () => {
  const latest = async (person: Person) =>
    (await request('GET', '/api/account/export', person)).json().data.export;

  it('is prepared in the background, holds exactly my data, and downloads for me only until it expires', async () => {
    const other = await signedInUser(app, messages, { name: 'Chat Partner' });
    const { person, ownPost, othersPost, conversation, mine, theirs } = await busyUser('Export Owner', other);
    const stranger = await signedInUser(app, messages, { name: 'Stranger Danger' });
    const strangersPost = await createPost(stranger, 'Not mine at all');

    expect(await latest(person)).toBeNull();
    const asked = await request('POST', '/api/account/export', person);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(TEXT.dataExportRequested);
    expect(asked.json().data).toMatchObject({ status: 'pending', download_url: null });

    const ready = await eventually(async () => {
      const row = await latest(person);
      return row?.status === 'ready' ? row : undefined;
    }, 'the export ready');
    expect(ready.download_url).toMatch(/^\/api\/account\/export\/[0-9a-f]{32}$/);
    expect(new Date(ready.expires_at).getTime() - new Date(ready.ready_at).getTime()).toBe(
      DATA_EXPORT_DAYS * DAY,
    );
    expect(messages.mails.filter((m) => m.to === person.email).at(-1)).toMatchObject({
      subject: 'Your Makan data is ready to download',
    });
    expect(messages.mails.filter((m) => m.to === person.email).at(-1)?.text).toContain(
      'https://makan.example/settings#your-data',
    );

    const download = await request('GET', ready.download_url, person);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="makan-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const archive = download.json();
    expect(archive.account).toMatchObject({
      id: person.id,
      name: 'Export Owner',
      email: person.email,
      phone: person.phone,
    });
    expect(archive.posts.map((p: { id: number }) => p.id)).toEqual([ownPost]);
    expect(archive.posts[0].photos).toHaveLength(1);
    expect(archive.comments).toEqual([
      expect.objectContaining({ post_id: othersPost, body: 'Is it still free?' }),
    ]);
    expect(archive.likes.map((l: { post_id: number }) => l.post_id)).toEqual([othersPost]);
    expect(archive.following).toEqual([{ id: other.id, name: 'Chat Partner' }]);
    expect(archive.blocked).toEqual([]);
    expect(archive.conversations).toHaveLength(1);
    expect(archive.conversations[0]).toMatchObject({
      id: conversation,
      with: [{ id: other.id, name: 'Chat Partner' }],
    });
    expect(archive.conversations[0].messages.map((m: { id: number }) => m.id)).toEqual([mine, theirs]);
    expect(archive.conversations[0].messages[1].from).toEqual({ id: other.id, name: 'Chat Partner' });
    expect(archive.media.map((m: { kind: string }) => m.kind).sort()).toEqual(['picture', 'post_photo']);
    // Nothing of anyone else: not the other person's contact details, not the stranger at all.
    const text = download.body;
    for (const secret of [
      other.email,
      other.phone,
      stranger.email,
      stranger.phone,
      'Stranger Danger',
      'Not mine at all',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(`"id": ${strangersPost},`);

    // Only its owner downloads it: anyone else is told it is not there; without a session, 401.
    const foreign = await request('GET', ready.download_url, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(TEXT.dataExportNotFound);
    expect((await request('GET', ready.download_url)).statusCode).toBe(401);
    expect((await request('GET', '/api/account/export/not-a-key', person)).statusCode).toBe(422);

    // After its days the link is gone, then the file too.
    const file = path.join(dataDir, 'exports', `${ready.download_url.split('/').at(-1)}.json`);
    expect(existsSync(file)).toBe(true);
    advance(DATA_EXPORT_DAYS * DAY + 60_000);
    const late = await request('GET', ready.download_url, person);
    expect([404, 410]).toContain(late.statusCode);
    await eventually(async () => (existsSync(file) ? undefined : true), 'the expired archive deleted');
  });

  it('one at a time: asking again while one is prepared answers 409; a job whose worker died is taken up again', async () => {
    const person = await signedInUser(app, messages);
    // Hold the jobs off this row: mark it claimed just now, as a live worker would.
    const first = await request('POST', '/api/account/export', person);
    expect(first.statusCode).toBe(202);
    // The pass the request kicked prepares it first (on PostgreSQL it may still be writing when the
    // row is changed below, and would then mark it ready): let it finish.
    await eventually(
      async () => ((await latest(person))?.status === 'ready' ? true : undefined),
      'the first export',
    );
    await database.db.execute(
      sql`update data_exports set status = 'pending', started_at = ${clock.now().toISOString()}::timestamptz, finished_at = null, expires_at = null where user_id = ${person.id}`,
    );
    const again = await request('POST', '/api/account/export', person);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEXT.dataExportBusy);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await latest(person)).status).toBe('pending');
    // The worker that claimed it died: fifteen minutes on, another pass takes it.
    advance(16 * 60_000);
    const ready = await eventually(async () => {
      const row = await latest(person);
      return row?.status === 'ready' ? row : undefined;
    }, 'the stale export taken up again');
    expect(ready.download_url).not.toBeNull();
  });
});
