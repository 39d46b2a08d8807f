import type { AddressInfo } from 'node:net';
import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { openSocket, type TestSocket, whenConnected, whenDisconnected } from '../../test/sockets.ts';
import { createTestApp, redisTestEnv } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { RULES } from '../auth/auth.service.ts';

/**
 * A signed-in user's own account (issue 20): changing the password with the current one asked again,
 * and signing out of every device. Sessions end over HTTP and their sockets close on a real port;
 * across two processes with Redis in account.cluster.test.ts.
 */

const { clock, advance } = manualClock();
const messages = capturedMessages();
const redis: Record<string, string> = redisTestEnv('account');
let app: App;
let database: Awaited<ReturnType<typeof createTestApp>>['database'];
let url: string;
let ipSeq = 0;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ({ app, database } = await createTestApp(redis, {
    clock,
    mailer: messages.mailer,
    sms: messages.sms,
    sleep: async () => {},
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
});
beforeEach(() => {
  advance(25 * 60 * 60_000);
});

const nextIp = () => {
  ipSeq += 1;
  return `198.18.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (path: string, payload: object | undefined, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: path,
    remoteAddress: nextIp(),
    headers,
    ...(payload ? { payload } : {}),
  });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

async function login(email: string, password: string) {
  return post('/api/auth/login', { identifier: email, password });
}
async function anotherToken(email: string, password = 'Secret123') {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

async function connected(token: string): Promise<TestSocket> {
  const socket = openSocket(url, token);
  sockets.push(socket);
  return whenConnected(socket);
}
const settle = () => new Promise((r) => setTimeout(r, 300));

const change = (token: string, body: Record<string, string>) =>
  post('/api/account/password', body, bearer(token));

describe('change password', () => {
  it('needs a session', async () => {
    const res = await post('/api/account/password', {
      current_password: 'Secret123',
      password: 'Better456',
      password_confirmation: 'Better456',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(HTTP_TEXT[401]);
  });

  it('refuses a wrong current password and leaves the password and sessions as they were', async () => {
    const user = await signedInUser(app, messages);
    const other = await anotherToken(user.email);
    const res = await change(user.token, {
      current_password: 'Wrong1234',
      password: 'Better456',
      password_confirmation: 'Better456',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: TEXT.currentPasswordWrong,
      code: 'currentPasswordWrong',
      errors: { current_password: [TEXT.currentPasswordWrong] },
    });
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(user.email, 'Secret123')).statusCode).toBe(200);
    expect((await login(user.email, 'Better456')).statusCode).toBe(422);
  });

  it('checks the new password with the signup rules and the confirmation', async () => {
    const user = await signedInUser(app, messages);
    const weak = await change(user.token, {
      current_password: 'Secret123',
      password: 'weakpassword',
      password_confirmation: 'weakpassword',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([TEXT.passwordComplexity]);
    const mismatch = await change(user.token, {
      current_password: 'Secret123',
      password: 'Better456',
      password_confirmation: 'Better457',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([TEXT.passwordsMatch]);
    const missing = await change(user.token, { password: 'Better456', password_confirmation: 'Better456' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual([TEXT.required]);
    expect((await login(user.email, 'Secret123')).statusCode).toBe(200);
  });

  it('sets the new password, ends every other session and its sockets, keeps this one, and tells the owner', async () => {
    const user = await signedInUser(app, messages);
    const other = await anotherToken(user.email);
    const third = await anotherToken(user.email);
    const mine = await connected(user.token);
    const theirs = await connected(other);
    const mailsBefore = messages.mails.length;

    const res = await change(user.token, {
      current_password: 'Secret123',
      password: 'Better456',
      password_confirmation: 'Better456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: TEXT.passwordChanged,
      data: { sessions_ended: 2 },
    });

    await whenDisconnected(theirs);
    await settle();
    expect(mine.connected).toBe(true);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await login(user.email, 'Secret123')).statusCode).toBe(422);
    expect((await login(user.email, 'Better456')).statusCode).toBe(200);

    const notice = messages.mails.slice(mailsBefore).find((m) => m.to === user.email);
    expect(notice?.subject).toBe('Your Makan password was changed');
    expect(notice?.text).not.toMatch(/Better456/);
  });

  it('tells an owner who signed up in Arabic, in Arabic', async () => {
    const email = `arabic${process.pid}@example.com`;
    const reg = await post('/api/auth/register', {
      name: 'سارة الحربي',
      email,
      phone: `+96657${String(process.pid).padStart(7, '0').slice(-7)}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      user_type: 'retail',
      language: 'ar',
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const verify = await post('/api/auth/verify-otp', {
      identifier: email,
      code: messages.lastEmailCode(email),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const token = await anotherToken(email);
    const res = await change(token, {
      current_password: 'Secret123',
      password: 'Better456',
      password_confirmation: 'Better456',
    });
    expect(res.statusCode, res.body).toBe(200);
    const notice = messages.mails.filter((m) => m.to === email).at(-1);
    expect(notice?.subject).toBe('تم تغيير كلمة المرور في مكان');
    expect(notice?.text).toContain('سارة الحربي');
  });

  it('counts wrong current passwords with the login failures of the account, then locks the account', async () => {
    const user = await signedInUser(app, messages);
    const limit = RULES.loginFailuresPerIdentifier.limit;
    for (let i = 0; i < limit; i += 1) {
      const res = await change(user.token, {
        current_password: `Wrong${i}abcd`,
        password: 'Better456',
        password_confirmation: 'Better456',
      });
      // The account-change budget per hour may answer first; either way nothing changes.
      expect([422, 429]).toContain(res.statusCode);
    }
    // Ten wrong passwords lock the account, at the login page too.
    const res = await login(user.email, 'Secret123');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('accountLocked');
    expect((await login(user.email, 'Better456')).statusCode).not.toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('needs a session', async () => {
    const res = await post('/api/account/sign-out-everywhere', undefined);
    expect(res.statusCode).toBe(401);
  });

  it('ends every session of the user and closes all their sockets, and nobody else’s', async () => {
    const user = await signedInUser(app, messages);
    const stranger = await signedInUser(app, messages);
    const other = await anotherToken(user.email);
    const sockets = [await connected(user.token), await connected(other)];
    const strangers = await connected(stranger.token);

    const res = await post('/api/account/sign-out-everywhere', undefined, bearer(user.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: TEXT.signedOutEverywhere, data: { sessions_ended: 2 } });
    await Promise.all(sockets.map((socket) => whenDisconnected(socket)));
    await settle();
    expect(strangers.connected).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(stranger.token)).statusCode).toBe(200);
    expect(messages.mails.filter((m) => m.to === user.email).at(-1)?.subject).toBe(
      'You were signed out of Makan on all devices',
    );
    // The password still works: signing out is not a lock.
    expect((await login(user.email, 'Secret123')).statusCode).toBe(200);
  });
});

describe('change email or phone', () => {
  const ask = (token: string, body: Record<string, string>) =>
    post('/api/account/contact', body, bearer(token));
  const confirm = (token: string, body: Record<string, string>) =>
    post('/api/account/contact/confirm', body, bearer(token));
  let fresh = 0;
  const newEmail = () => `changed${process.pid}.${++fresh}@example.com`;

  it('needs a session', async () => {
    expect(
      (await post('/api/account/contact', { channel: 'email', value: 'a@example.com' })).statusCode,
    ).toBe(401);
    expect((await post('/api/account/contact/confirm', { channel: 'email', code: '1234' })).statusCode).toBe(
      401,
    );
  });

  it('sends a code to the new email and changes nothing until the code is entered; then tells the old one', async () => {
    const user = await signedInUser(app, messages);
    const target = newEmail();
    const res = await ask(user.token, {
      channel: 'email',
      value: ` ${target.toUpperCase()} `,
      current_password: 'Secret123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: `We sent a code to ${target}. Enter it to confirm the change.`,
      data: { channel: 'email', value: target, retry_after_seconds: 60 },
    });
    const code = messages.lastEmailCode(target);
    expect(code).toMatch(/^\d{4}$/);
    // Not yet: the old email still signs in and is still the account's.
    expect((await me(user.token)).json().data.email).toBe(user.email);
    expect((await login(target, 'Secret123')).statusCode).toBe(422);

    const wrong = await confirm(user.token, { channel: 'email', code: code === '0000' ? '1111' : '0000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([TEXT.otpInvalid]);
    expect((await me(user.token)).json().data.email).toBe(user.email);

    const done = await confirm(user.token, { channel: 'email', code: code ?? '' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: TEXT.emailChanged,
      data: { email: target, email_verified: true },
    });
    expect((await login(target, 'Secret123')).statusCode).toBe(200);
    expect((await login(user.email, 'Secret123')).statusCode).toBe(422);
    const told = messages.mails.filter((m) => m.to === user.email).at(-1);
    expect(told?.subject).toBe('Your Makan email address was changed');
    expect(told?.text).toContain(target);
    // The code is spent.
    expect((await confirm(user.token, { channel: 'email', code: code ?? '' })).statusCode).toBe(422);
  });

  it('changes the phone with the code sent by SMS to the new number', async () => {
    const user = await signedInUser(app, messages);
    const phone = `+96650${String(Date.now()).slice(-7)}`;
    const res = await ask(user.token, { channel: 'phone', value: phone, current_password: 'Secret123' });
    expect(res.statusCode, res.body).toBe(200);
    const code = messages.lastSmsCode(phone);
    const done = await confirm(user.token, { channel: 'phone', code: code ?? '' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: TEXT.phoneChanged, data: { phone, phone_verified: true } });
    expect((await login(phone, 'Secret123')).statusCode).toBe(200);
  });

  it('refuses another account’s address, the current one and a wrong password, in the spec’s words', async () => {
    const user = await signedInUser(app, messages);
    const other = await signedInUser(app, messages);
    const taken = await ask(user.token, {
      channel: 'email',
      value: other.email,
      current_password: 'Secret123',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.value).toEqual([TEXT.emailTaken]);
    const takenPhone = await ask(user.token, {
      channel: 'phone',
      value: other.phone,
      current_password: 'Secret123',
    });
    expect(takenPhone.json().errors.value).toEqual([TEXT.phoneTaken]);
    const same = await ask(user.token, {
      channel: 'email',
      value: user.email,
      current_password: 'Secret123',
    });
    expect(same.json().errors.value).toEqual([TEXT.sameEmail]);
    const wrong = await ask(user.token, {
      channel: 'email',
      value: newEmail(),
      current_password: 'Wrong1234',
    });
    expect(wrong.json().errors.current_password).toEqual([TEXT.currentPasswordWrong]);
    const invalid = await ask(user.token, {
      channel: 'email',
      value: 'not-an-email',
      current_password: 'Secret123',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.value).toEqual([TEXT.invalidEmail]);
    expect((await me(user.token)).json().data.email).toBe(user.email);
  });

  it('refuses the change when another account took the address between the code and its entry', async () => {
    const user = await signedInUser(app, messages);
    const target = newEmail();
    expect(
      (await ask(user.token, { channel: 'email', value: target, current_password: 'Secret123' })).statusCode,
    ).toBe(200);
    const code = messages.lastEmailCode(target);
    const rival = await post('/api/auth/register', {
      name: 'Rival Person',
      email: target,
      phone: `+96651${String(Date.now()).slice(-7)}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      user_type: 'retail',
    });
    expect(rival.statusCode, rival.body).toBe(201);
    const res = await confirm(user.token, { channel: 'email', code: code ?? '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(TEXT.emailTaken);
    expect((await me(user.token)).json().data.email).toBe(user.email);
  });
});

describe('an account without a password (LinkedIn only)', () => {
  const code = (token: string, action: string) => post('/api/account/code', { action }, bearer(token));
  async function passwordless() {
    const user = await signedInUser(app, messages);
    // A second session (another device), opened while the password still existed.
    const other = await anotherToken(user.email);
    await database.db.execute(sql`update users set password_hash = null where id = ${user.id}`);
    return { ...user, other };
  }
  const wrongCode = (right: string | undefined) => (right === '0000' ? '1111' : '0000');

  it('asks for a code only from such an account, for a named action', async () => {
    expect((await post('/api/account/code', { action: 'password' })).statusCode).toBe(401);
    const withPassword = await signedInUser(app, messages);
    const refused = await code(withPassword.token, 'password');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.current_password).toEqual([TEXT.required]);
    // An account with a password cannot skip it with a code.
    const onlyCode = await change(withPassword.token, {
      code: '1234',
      password: 'Another123',
      password_confirmation: 'Another123',
    });
    expect(onlyCode.statusCode).toBe(422);
    expect(onlyCode.json().errors.current_password).toEqual([TEXT.required]);
    const user = await passwordless();
    expect((await code(user.token, 'everything')).statusCode).toBe(422);
    expect((await code(user.token, '')).statusCode).toBe(422);
  });

  it('sets a first password with the code sent to its email: other sessions end, the owner is told, the password signs in', async () => {
    const user = await passwordless();
    const { other } = user;
    const missing = await change(user.token, { password: 'First1234', password_confirmation: 'First1234' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual([TEXT.required]);
    const noCode = await change(user.token, {
      current_password: 'Secret123',
      password: 'First1234',
      password_confirmation: 'First1234',
    });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors.code).toEqual([TEXT.required]);

    const sent = await code(user.token, 'password');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: `We sent a code to ${user.email}. Enter it to confirm it is you.`,
      data: { action: 'password', value: user.email },
    });
    const mail = messages.mails.filter((m) => m.to === user.email).at(-1);
    expect(mail?.subject).toBe('Your code to set a Makan password');
    const right = messages.lastEmailCode(user.email);
    const body = (c: string) => ({ code: c, password: 'First1234', password_confirmation: 'First1234' });
    const wrong = await change(user.token, body(wrongCode(right)));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([TEXT.otpInvalid]);
    expect((await me(user.token)).json().data.has_password).toBe(false);

    const done = await change(user.token, body(right ?? ''));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: TEXT.passwordSet, data: { sessions_ended: 1 } });
    expect((await me(user.token)).json().data.has_password).toBe(true);
    expect((await me(other)).statusCode).toBe(401);
    expect(messages.mails.filter((m) => m.to === user.email).at(-1)?.subject).toBe(
      'A password was set for your Makan account',
    );
    expect((await login(user.email, 'First1234')).statusCode).toBe(200);
    // From now on the password is asked, the code no more.
    expect((await code(user.token, 'password')).statusCode).toBe(422);
  });

  it('changes its email with a code to its current email, then the code to the new one; a code of another action does not do', async () => {
    const user = await passwordless();
    const target = `nopassword${process.pid}.${Date.now()}@example.com`;
    const ask = (body: Record<string, string>) =>
      post('/api/account/contact', { channel: 'email', value: target, ...body }, bearer(user.token));
    expect((await ask({ current_password: 'Secret123' })).json().errors.code).toEqual([TEXT.required]);

    // A code sent to delete the account is no proof for a contact change.
    expect((await code(user.token, 'deletion')).statusCode).toBe(200);
    const deletionCode = messages.lastEmailCode(user.email) ?? '';
    expect((await ask({ code: deletionCode })).statusCode).toBe(422);
    expect(messages.lastEmailCode(target)).toBeUndefined();

    advance(2 * 60_000);
    const sent = await code(user.token, 'contact_change');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(messages.mails.filter((m) => m.to === user.email).at(-1)?.subject).toBe(
      'Your code to change your Makan contact details',
    );
    const asked = await ask({ code: messages.lastEmailCode(user.email) ?? '' });
    expect(asked.statusCode, asked.body).toBe(200);
    const confirmed = await post(
      '/api/account/contact/confirm',
      { channel: 'email', code: messages.lastEmailCode(target) ?? '' },
      bearer(user.token),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.email).toBe(target);
    expect(messages.mails.filter((m) => m.to === user.email).at(-1)?.subject).toBe(
      'Your Makan email address was changed',
    );
  });
});
