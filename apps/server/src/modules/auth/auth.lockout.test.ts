import { formatText, TEXT } from '@makan/contract/texts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { createTestApp, redisTestEnv } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { RULES } from './auth.service.ts';

/**
 * Lock-out (issue 20): ten wrong passwords in a day lock the account for 15 minutes for everyone,
 * the owner included; the owner signs in with a code sent to them while guessers stay locked.
 */

const { clock, advance } = manualClock();
const messages = capturedMessages();
const redis: Record<string, string> = redisTestEnv('lockout');
let app: App;
let ipSeq = 0;

beforeAll(async () => {
  ({ app } = await createTestApp(redis, {
    clock,
    mailer: messages.mailer,
    sms: messages.sms,
    sleep: async () => {},
  }));
  await app.ready();
});
afterAll(() => app?.close());
beforeEach(() => {
  advance(25 * 60 * 60_000);
});

const nextIp = () => {
  ipSeq += 1;
  return `198.19.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
};
const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
const login = (identifier: string, password: string) => post('/api/auth/login', { identifier, password });
const locked = (minutes: number) => formatText(TEXT.accountLocked, { minutes });
const LIMIT = RULES.loginFailuresPerIdentifier.limit;

async function guess(email: string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(email, `Guess${i}word`)).statusCode);
  return statuses;
}

describe('lock-out after ten wrong passwords in a day', () => {
  it('counts failures over the day, then locks for 15 minutes for everyone, the owner’s right password included', async () => {
    const user = await signedInUser(app, messages);
    expect(await guess(user.email, LIMIT / 2)).toEqual(Array(LIMIT / 2).fill(422));
    advance(3 * 60 * 60_000); // hours apart: still the same day
    expect(await guess(user.email, LIMIT / 2)).toEqual(Array(LIMIT / 2).fill(422));

    const owner = await login(user.email, user.password);
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toMatchObject({ code: 'accountLocked', message: locked(15) });
    // The owner is told once, when the lock began.
    const notices = messages.mails.filter(
      (m) => m.to === user.email && m.subject === 'Your Makan account was locked',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Send me a sign-in code');
    expect(owner.headers['retry-after']).toBe(String(15 * 60));
    // Through the phone too: one lock per account.
    expect((await login(user.phone, user.password)).statusCode).toBe(429);

    advance(10 * 60_000);
    expect((await login(user.email, user.password)).json().message).toBe(locked(5));
    advance(5 * 60_000);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('locks again at the next wrong password of that day once a lock has passed', async () => {
    const user = await signedInUser(app, messages);
    await guess(user.email, LIMIT);
    advance(15 * 60_000);
    expect(await guess(user.email, 1)).toEqual([422]);
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    // A new day starts afresh.
    advance(24 * 60 * 60_000);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('the owner’s way in while the account is locked', () => {
  it('signs the owner in with the code sent to them and the password, while guessers stay locked', async () => {
    const user = await signedInUser(app, messages);
    await guess(user.email, LIMIT);
    expect((await login(user.email, user.password)).statusCode).toBe(429);

    const sent = await post('/api/auth/unlock/send', { identifier: user.email });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(TEXT.unlockCodeSent);
    const mail = messages.mails.filter((m) => m.to === user.email).at(-1);
    expect(mail?.subject).toBe('Your Makan sign-in code');
    const code = messages.lastEmailCode(user.email) ?? '';

    // A guesser with the password but not the code, or the code but not the password, gets nothing.
    const wrongCode = await post('/api/auth/unlock', {
      identifier: user.email,
      code: code === '0000' ? '1111' : '0000',
      password: user.password,
    });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors.code).toEqual([TEXT.otpInvalid]);
    const wrongPassword = await post('/api/auth/unlock', {
      identifier: user.email,
      code,
      password: 'Guess9word',
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.password).toEqual([TEXT.invalidCredentials]);

    const owner = await post('/api/auth/unlock', { identifier: user.email, code, password: user.password });
    expect(owner.statusCode, owner.body).toBe(200);
    const token = owner.json().data.token as string;
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data.email).toBe(user.email);

    // The lock still holds for every login by password, and the code is spent.
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    expect(
      (await post('/api/auth/unlock', { identifier: user.email, code, password: user.password })).statusCode,
    ).toBe(422);
  });

  it('sends the code by SMS when the phone is typed, and refuses an unknown identifier', async () => {
    const user = await signedInUser(app, messages);
    const sent = await post('/api/auth/unlock/send', { identifier: user.phone });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(messages.lastSmsCode(user.phone)).toMatch(/^\d{4}$/);
    const unknown = await post('/api/auth/unlock/send', { identifier: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.identifier).toEqual([TEXT.identifierNotFound]);
  });
});
