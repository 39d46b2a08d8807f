import { LIMITS } from '@makan/contract/limits';
import { HTTP_TEXT, TEXT, type TextCode, textOf } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { sha256 } from '../../lib/hash.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock, scriptedRandom } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

/** The words of an envelope's `codes`, field by field. */
const wordsOf = (codes: Record<string, TextCode[]>) =>
  Object.fromEntries(Object.entries(codes).map(([field, list]) => [field, list.map(textOf)]));

const { clock, advance } = manualClock();
const { random, nextCodes } = scriptedRandom();
const messages = capturedMessages();
const sleeps: number[] = [];
let app: App;
let database: DatabaseHandle;
let seq = 0;
let ipSeq = 0;

beforeAll(async () => {
  ({ app, database } = await createTestApp(
    {},
    { clock, random, mailer: messages.mailer, sms: messages.sms, sleep: async (ms) => void sleeps.push(ms) },
  ));
  await app.ready();
});
afterAll(() => app?.close());
beforeEach(() => {
  // Each test starts in a fresh hour, so windows from earlier tests do not carry over.
  advance(25 * 60 * 60_000);
});

const nextIp = () => `198.51.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
function newPerson(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: 'Sara Al Harbi',
    email: `sara${seq}@example.com`,
    phone: `+9665${String(10_000_000 + seq).padStart(8, '0')}`,
    password: 'Secret123',
    password_confirmation: 'Secret123',
    user_type: 'retail',
    ...overrides,
  };
}

const post = (url: string, payload: object, ip = nextIp(), headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

async function register(overrides: Record<string, unknown> = {}) {
  const person = newPerson(overrides);
  const res = await post('/api/auth/register', person);
  expect(res.statusCode, res.body).toBe(201);
  return { person, body: res.json() };
}

async function registerVerified(overrides: Record<string, unknown> = {}) {
  const { person } = await register(overrides);
  const code = messages.lastEmailCode(person.email);
  const res = await post('/api/auth/verify-otp', { identifier: person.email, code, type: 'registration' });
  expect(res.statusCode, res.body).toBe(200);
  return person;
}

async function login(identifier: string, password: string, ip = nextIp()) {
  return post('/api/auth/login', { identifier, password }, ip);
}

async function tokenFor(person: { email: string; password: string }) {
  const res = await login(person.email, person.password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/auth/register: validation (spec §5)', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['name required', { name: '' }, { name: [TEXT.required] }],
    ['name min 2', { name: 'S' }, { name: ['Must be at least 2 characters'] }],
    ['name letters and spaces', { name: 'Sara 99' }, { name: [TEXT.nameLetters] }],
    ['phone required', { phone: '' }, { phone: [TEXT.required] }],
    ['phone characters', { phone: '+966 50 123 456a' }, { phone: [TEXT.phoneCharacters] }],
    ['phone min 11', { phone: '0501234' }, { phone: ['Must be at least 11 characters'] }],
    ['email required', { email: '' }, { email: [TEXT.required] }],
    ['email valid', { email: 'sara@' }, { email: [TEXT.invalidEmail] }],
    ['password min 8', { password: 'Ab1', password_confirmation: 'Ab1' }, { password: [TEXT.passwordMin] }],
    [
      'password complexity',
      { password: 'secret123', password_confirmation: 'secret123' },
      { password: [TEXT.passwordComplexity] },
    ],
    [
      'passwords match',
      { password_confirmation: 'Secret124' },
      { password_confirmation: [TEXT.passwordsMatch] },
    ],
    ['user type', { user_type: 'admin' }, { user_type: [TEXT.userType] }],
  ];
  for (const [name, change, errors] of cases) {
    it(name, async () => {
      const res = await post('/api/auth/register', newPerson(change));
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ status: false, message: HTTP_TEXT[422], errors });
      expect(body.errors).toEqual(errors);
      // The same words by key, for clients that translate them.
      expect(wordsOf(body.codes)).toEqual(errors);
    });
  }

  it('accepts Arabic names and Arabic-Indic digits in the phone', async () => {
    const { body, person } = await register({ name: 'سارة الحربي', phone: '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧' });
    expect(body.data.user.name).toBe('سارة الحربي');
    expect(body.data.user.email).toBe(person.email);
  });

  it('says email and phone are already registered, per field, however they are written', async () => {
    const { person } = await register();
    const again = await post('/api/auth/register', {
      ...newPerson(),
      email: person.email.toUpperCase(),
      phone: person.phone.replace('+966', '+966 ').replace(/(\d{3})$/, '-$1'),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [TEXT.emailTaken], phone: [TEXT.phoneTaken] });
  });
});

describe('registration and verification', () => {
  it('creates the account, answers how to verify (email by default) and emails a 4-digit code', async () => {
    const { person, body } = await register();
    expect(body.message).toBe(TEXT.registerSuccess);
    expect(body.data.verification).toEqual({
      method: 'email',
      email: person.email,
      phone: person.phone,
      email_verified: false,
      phone_verified: false,
    });
    expect(body.data.user).toMatchObject({ name: person.name, preferences: null });
    expect(messages.lastEmailCode(person.email)).toMatch(/^\d{4}$/);
  });

  it('verifies with the code, after which login works; the code cannot be used twice', async () => {
    const { person } = await register();
    const code = messages.lastEmailCode(person.email);
    const blocked = await login(person.email, person.password);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ status: false, message: TEXT.verificationRequired });
    expect(blocked.json().data.verification.method).toBe('email');

    const res = await post('/api/auth/verify-otp', { identifier: person.email, code, type: 'registration' });
    expect(res.json()).toMatchObject({ status: true, message: TEXT.accountVerified });
    const again = await post('/api/auth/verify-otp', {
      identifier: person.email,
      code,
      type: 'registration',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [TEXT.otpExpired] });
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it('verifies by phone, and by both channels when asked', async () => {
    const phoneOnly = await register({ verification_method: 'phone' });
    expect(messages.lastSmsCode(phoneOnly.person.phone)).toMatch(/^\d{4}$/);
    const byPhone = await post('/api/auth/verify-otp', {
      identifier: phoneOnly.person.phone,
      code: messages.lastSmsCode(phoneOnly.person.phone),
    });
    expect(byPhone.json().message).toBe(TEXT.accountVerified);

    const { person } = await register({ verification_method: 'both' });
    const email = await post('/api/auth/verify-email', {
      email: person.email,
      code: messages.lastEmailCode(person.email),
    });
    expect(email.json()).toMatchObject({
      message: TEXT.emailVerified,
      data: { verification: { email_verified: true, phone_verified: false } },
    });
    expect((await login(person.email, person.password)).statusCode).toBe(403);
    const phone = await post('/api/auth/verify-otp', {
      identifier: person.phone,
      code: messages.lastSmsCode(person.phone),
    });
    expect(phone.json().message).toBe(TEXT.accountVerified);
    expect((await login(person.phone, person.password)).statusCode).toBe(200);
  });

  it('accepts the code typed in Arabic-Indic digits', async () => {
    nextCodes('4827');
    const { person } = await register();
    const res = await post('/api/auth/verify-otp', { identifier: person.email, code: '٤٨٢٧' });
    expect(res.json().message).toBe(TEXT.accountVerified);
  });

  it('refuses an incomplete code and an unknown identifier with the spec texts', async () => {
    const short = await post('/api/auth/verify-otp', { identifier: 'x@example.com', code: '12' });
    expect(short.json().errors).toEqual({ code: [TEXT.otpIncomplete] });
    const unknown = await post('/api/auth/verify-otp', { identifier: 'nobody@example.com', code: '1234' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ identifier: [TEXT.identifierNotFound] });
  });

  it('refuses an expired code', async () => {
    const { person } = await register();
    const code = messages.lastEmailCode(person.email);
    advance(LIMITS.verificationCodeTtlMs + 1000);
    const res = await post('/api/auth/verify-otp', { identifier: person.email, code });
    expect(res.json().errors).toEqual({ code: [TEXT.otpExpired] });
  });

  it('kills a code after 5 wrong tries: even the right code fails afterwards', async () => {
    nextCodes('5555');
    const { person } = await register();
    const answers: string[] = [];
    for (const guess of ['0000', '1111', '2222', '3333', '4444']) {
      const res = await post('/api/auth/verify-otp', { identifier: person.email, code: guess });
      answers.push(res.json().errors.code[0]);
    }
    expect(answers).toEqual([
      TEXT.otpInvalid,
      TEXT.otpInvalid,
      TEXT.otpInvalid,
      TEXT.otpInvalid,
      TEXT.otpTooManyTries,
    ]);
    const right = await post('/api/auth/verify-otp', { identifier: person.email, code: '5555' });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({ code: [TEXT.otpTooManyTries] });
  });

  it('lets a new code be asked for once a minute', async () => {
    const { person } = await register();
    const early = await post('/api/auth/resend-verification', { identifier: person.email });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Please wait 60 seconds before requesting a new code.');
    expect(early.headers['retry-after']).toBe('60');
    advance(30_000);
    expect((await post('/api/auth/resend-verification', { identifier: person.email })).json().message).toBe(
      'Please wait 30 seconds before requesting a new code.',
    );
    const first = messages.lastEmailCode(person.email);
    advance(31_000);
    nextCodes(first === '9999' ? '1000' : '9999');
    const later = await post('/api/auth/resend-verification', { identifier: person.email });
    expect(later.json()).toMatchObject({
      status: true,
      message: TEXT.otpSent,
      data: { retry_after_seconds: 60 },
    });
    // The old code is closed when a new one is sent.
    const old = await post('/api/auth/verify-otp', { identifier: person.email, code: first });
    expect(old.json().errors.code).toEqual([TEXT.otpInvalid]);
  });

  it('answers a verified account asking for a registration code', async () => {
    const person = await registerVerified();
    advance(61_000);
    const res = await post('/api/auth/resend-verification', { identifier: person.email });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ identifier: [TEXT.alreadyVerified] });
  });
});

describe('brute force on the 4-digit code', () => {
  // Every one of the 10,000 codes tried against one account: auth.guessing.hard.test.ts (npm run test:hard).
  it('allows at most 20 wrong tries per account in 24 hours, across fresh codes', async () => {
    const { person } = await register();
    let wrong = 0;
    for (let round = 0; round < 6; round++) {
      advance(15 * 60_000); // past the per-identifier try window and the resend cooldown
      nextCodes('8642');
      await post('/api/auth/resend-verification', { identifier: person.email });
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/auth/verify-otp', { identifier: person.email, code: `000${i}` });
        if (res.statusCode === 422) wrong += 1;
      }
    }
    expect(wrong).toBe(LIMITS.verificationFailuresPerDay);
    advance(15 * 60_000);
    nextCodes('8642');
    await post('/api/auth/resend-verification', { identifier: person.email });
    const right = await post('/api/auth/verify-otp', { identifier: person.email, code: '8642' });
    expect(right.statusCode).toBe(429);
    advance(24 * 60 * 60_000);
    nextCodes('1357');
    await post('/api/auth/resend-verification', { identifier: person.email });
    expect((await post('/api/auth/verify-otp', { identifier: person.email, code: '1357' })).statusCode).toBe(
      200,
    );
  }, 60_000);
});

describe('login', () => {
  it('answers status true with a token and the full user, by email or phone', async () => {
    const person = await registerVerified();
    for (const identifier of [person.email, person.phone, ` ${person.email.toUpperCase()} `]) {
      const res = await login(identifier, person.password);
      expect(res.statusCode, identifier).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: true, message: TEXT.loginSuccess });
      expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.data.user).toMatchObject({ email: person.email, email_verified: true, preferences: null });
    }
  });

  it('gives a new token at each login and never stores one in clear', async () => {
    const person = await registerVerified();
    const a = await tokenFor(person);
    const b = await tokenFor(person);
    expect(a).not.toBe(b);
    const result = await database.db.execute(sql`select token_hash from auth_tokens`);
    const hashes = z
      .object({ rows: z.array(z.object({ token_hash: z.string() })) })
      .parse(result)
      .rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(a);
    expect(hashes.some((h) => h.includes(a) || a.includes(h))).toBe(false);
    expect(hashes).toContain(sha256(a));
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const person = await registerVerified();
    const wrong = await login(person.email, 'Wrong1234');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      request_id: expect.any(String),
      status: false,
      message: TEXT.invalidCredentials,
      code: 'invalidCredentials',
      errors: { password: [TEXT.invalidCredentials] },
      codes: { password: [{ code: 'invalidCredentials' }] },
    });
    const unknown = await login('ghost@example.com', 'Wrong1234');
    // The same words: only the request's id tells the two apart.
    expect({ ...unknown.json(), request_id: null }).toEqual({ ...wrong.json(), request_id: null });
  });

  it('validates its fields with the spec texts', async () => {
    const res = await post('/api/auth/login', { identifier: '', password: 'short' });
    expect(res.json().errors).toEqual({ identifier: [TEXT.required], password: [TEXT.passwordMin] });
  });

  it('slows repeated failures for one identifier, then refuses them for a while', async () => {
    const person = await registerVerified();
    sleeps.length = 0;
    for (let i = 0; i < 10; i++) expect((await login(person.email, `Wrong${i}abc`)).statusCode).toBe(422);
    expect(sleeps).toEqual([1000, 2000, 3000, 4000, 5000, 5000, 5000]);
    const locked = await login(person.email, person.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many wrong passwords: this account is locked for 15 minutes. If it is yours, sign in with a code sent to you.',
    );
    advance(15 * 60_000);
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('GET /api/user answers the full user for a good token and 401 otherwise', async () => {
    const person = await registerVerified();
    const token = await tokenFor(person);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: person.email,
      profile: { hide_contact: false },
      follow_info: { followers_count: 0 },
      contact_info: { email: person.email },
    });
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: token }]) {
      const bad = await app.inject({ method: 'GET', url: '/api/user', headers });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ request_id: expect.any(String), status: false, message: HTTP_TEXT[401] });
    }
  });

  it('logout revokes the token it was called with, not the others', async () => {
    const person = await registerVerified();
    const a = await tokenFor(person);
    const b = await tokenFor(person);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${a}` },
    });
    expect(out.json()).toMatchObject({ status: true, message: TEXT.logoutSuccess });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
  });

  it('expires after 30 days without use and is renewed by use', async () => {
    const person = await registerVerified();
    const used = await tokenFor(person);
    const idle = await tokenFor(person);
    advance(20 * 24 * 60 * 60_000);
    expect((await me(used)).statusCode).toBe(200);
    advance(20 * 24 * 60 * 60_000);
    expect((await me(used)).statusCode).toBe(200);
    expect((await me(idle)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('resets with the emailed code and revokes every session', async () => {
    const person = await registerVerified();
    const token = await tokenFor(person);
    advance(61_000);
    nextCodes('2468');
    const forgot = await post('/api/auth/forgot-password', { identifier: person.email });
    expect(forgot.json()).toMatchObject({ status: true, message: TEXT.otpSent });
    const verified = await post('/api/auth/verify-otp', {
      identifier: person.email,
      code: '2468',
      type: 'password_reset',
    });
    expect(verified.json()).toMatchObject({ status: true, message: TEXT.resetCodeVerified });
    const resetToken = verified.json().data.reset_token;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const weak = await post('/api/auth/reset-password', {
      reset_token: resetToken,
      password: 'weakpass',
      password_confirmation: 'weakpass',
    });
    expect(weak.json().errors).toEqual({ password: [TEXT.passwordComplexity] });
    const done = await post('/api/auth/reset-password', {
      reset_token: resetToken,
      password: 'NewSecret9',
      password_confirmation: 'NewSecret9',
    });
    expect(done.json()).toMatchObject({ status: true, message: TEXT.passwordReset });

    expect((await me(token)).statusCode).toBe(401);
    expect((await login(person.email, person.password)).statusCode).toBe(422);
    expect((await login(person.email, 'NewSecret9')).statusCode).toBe(200);
    const reuse = await post('/api/auth/reset-password', {
      reset_token: resetToken,
      password: 'Other1234',
      password_confirmation: 'Other1234',
    });
    expect(reuse.json()).toEqual({
      request_id: expect.any(String),
      status: false,
      message: TEXT.resetTokenInvalid,
      code: 'resetTokenInvalid',
      errors: { reset_token: [TEXT.resetTokenInvalid] },
      codes: { reset_token: [{ code: 'resetTokenInvalid' }] },
    });
  });

  it('a registration code cannot reset a password', async () => {
    const { person } = await register();
    const res = await post('/api/auth/verify-otp', {
      identifier: person.email,
      code: messages.lastEmailCode(person.email),
      type: 'password_reset',
    });
    expect(res.json().errors).toEqual({ code: [TEXT.otpExpired] });
  });

  it('says an unknown email or phone was not found', async () => {
    const res = await post('/api/auth/forgot-password', { identifier: '+966500000000' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      request_id: expect.any(String),
      status: false,
      message: TEXT.resetNotFound,
      code: 'resetNotFound',
      errors: { identifier: [TEXT.identifierNotFound] },
      codes: { identifier: [{ code: 'identifierNotFound' }] },
    });
  });
});

describe('messages in the user language', () => {
  it('writes the code email in Arabic for an Arabic sign-up', async () => {
    const person = newPerson();
    await post('/api/auth/register', person, nextIp(), { 'accept-language': 'ar-SA,ar;q=0.9' });
    const mail = messages.mails.filter((m) => m.to === person.email).at(-1);
    expect(mail?.subject).toBe('رمز التحقق الخاص بك في مكان');
    expect(mail?.text).toContain('رمز التحقق الخاص بك في مكان هو');
  });
});
