import type { AddressInfo } from 'node:net';
import { LIMITS } from '@makan/contract/limits';
import { formatText, HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import type { App } from '../lib/http.ts';
import { RULES } from '../modules/auth/auth.service.ts';
import { capturedMessages, manualClock, scriptedRandom } from '../test/auth-helpers.ts';
import { openSocket, type TestSocket, whenConnected, whenDisconnected } from '../test/sockets.ts';
import { createTestApp, redisTestEnv } from '../test/test-app.ts';

/**
 * Attacks on accounts (issue 8): credential stuffing from one address, password spraying on one
 * account, guessing codes, flooding code messages, reusing reset proofs, and tokens of ended
 * sessions. With REDIS_URL set (CI's PostgreSQL run) the counters live in Redis, so this file
 * covers both stores; cross-process counting is in accounts.hard.test.ts.
 */

const { clock, advance } = manualClock();
const { random, nextCodes } = scriptedRandom();
const messages = capturedMessages();
const redis: Record<string, string> = redisTestEnv('accounts');
let app: App;
let url: string;
let seq = 0;
let ipSeq = 0;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ({ app } = await createTestApp(redis, {
    clock,
    random,
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
  // A fresh day per test: no window of an earlier test carries over.
  advance(25 * 60 * 60_000);
});

const nextIp = () => {
  ipSeq += 1;
  return `192.0.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
};
const post = (path: string, payload: object, ip = nextIp(), headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: path, payload, remoteAddress: ip, headers });
const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};
const tooMany = (minutes: number) => formatText(TEXT.tooManyAttempts, { minutes });

function newPerson() {
  seq += 1;
  const digits = String(10_000_000 + seq).padStart(8, '0');
  return {
    name: 'Huda Saleh',
    email: `huda${seq}.${process.pid}@example.com`,
    phone: `+9665${digits}`,
    password: 'Secret123',
    password_confirmation: 'Secret123',
    user_type: 'retail',
  };
}

async function registered() {
  const person = newPerson();
  const res = await post('/api/auth/register', person);
  expect(res.statusCode, res.body).toBe(201);
  return person;
}

async function verified() {
  const person = await registered();
  const code = messages.lastEmailCode(person.email);
  const res = await post('/api/auth/verify-otp', { identifier: person.email, code });
  expect(res.statusCode, res.body).toBe(200);
  return person;
}

async function tokenOf(person: { email: string; password: string }) {
  const res = await post('/api/auth/login', { identifier: person.email, password: person.password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

/** A socket connecting with this token, closed after the file. */
function socketFor(token: string): TestSocket {
  const socket = openSocket(url, token);
  sockets.push(socket);
  return socket;
}

async function connected(token: string): Promise<TestSocket> {
  return whenConnected(socketFor(token));
}

const refusedSocket = (token: string) =>
  new Promise<string>((resolve) => {
    const socket = socketFor(token);
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
    // Closed before it got in (no reconnection here): said so rather than waited on.
    socket.io.once('close', (reason) => setImmediate(() => resolve(`closed before it got in (${reason})`)));
  });

describe('credential stuffing: many identifiers from one address', () => {
  it(`answers ${RULES.loginPerIp.limit} tries per address in 15 minutes, then 429 even for a right password`, async () => {
    const victims = [await verified(), await verified(), await verified()];
    const attacker = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      // Each victim twice (below its own failure limit), then addresses from a leaked list.
      const victim = i < 6 ? victims[i % victims.length] : undefined;
      const identifier = victim?.email ?? (i % 2 ? `leaked${i}@example.com` : `+96650${1_000_000 + i}`);
      // A new X-Forwarded-For each time: nobody is trusted to name the address by default.
      const res = await post('/api/auth/login', { identifier, password: `Leaked${i}pass` }, attacker, {
        'x-forwarded-for': `203.0.113.${i % 250}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe(tooMany(15));
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(tally(statuses)).toEqual({ 422: RULES.loginPerIp.limit, 429: 150 - RULES.loginPerIp.limit });
    const [first] = victims;
    if (!first) throw new Error('no victim');
    expect(statuses.slice(RULES.loginPerIp.limit).every((status) => status === 429)).toBe(true);
    expect(
      (await post('/api/auth/login', { identifier: first.email, password: first.password }, attacker))
        .statusCode,
    ).toBe(429);
    // The victims themselves, from their own addresses, are not locked out by the attack.
    for (const victim of victims)
      expect(
        (await post('/api/auth/login', { identifier: victim.email, password: victim.password })).statusCode,
      ).toBe(200);
    advance(15 * 60_000);
    expect(
      (await post('/api/auth/login', { identifier: first.email, password: first.password }, attacker))
        .statusCode,
    ).toBe(200);
  });

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    for (const bad of ['yes', '10.0.0.0/40', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    const behind = await createTestApp({ ...redis, TRUST_PROXY: '10.0.0.0/8' }, { sleep: async () => {} });
    try {
      let n = 0;
      const attempt = (remoteAddress: string, forwardedFor: string) =>
        behind.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { identifier: `nobody${n++}@example.com`, password: 'Wrong1234' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Through the proxy: each client counted under its own address.
      const client = '198.51.100.20';
      for (let i = 0; i < RULES.loginPerIp.limit; i++) await attempt('10.1.2.3', client);
      expect((await attempt('10.1.2.3', client)).statusCode).toBe(429);
      expect((await attempt('10.1.2.3', '198.51.100.21')).statusCode).toBe(422);
      // Straight from the internet: a forged header names nothing.
      const direct = '198.51.100.30';
      const statuses: number[] = [];
      for (let i = 0; i <= RULES.loginPerIp.limit; i++)
        statuses.push((await attempt(direct, `10.9.9.${i}`)).statusCode);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await behind.app.close();
    }
  });
});

describe('password spraying: one account from many addresses', () => {
  it(`allows ${RULES.loginFailuresPerIdentifier.limit} failures per account however its email or phone is written`, async () => {
    const victim = await verified();
    const local = victim.phone.replace('+966', '');
    const spellings = [
      victim.email,
      ` ${victim.email.toUpperCase()} `,
      victim.phone,
      `${victim.phone.slice(0, 4)} ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`,
      `+${[...victim.phone.slice(1)].map((d) => String.fromCharCode(0x0660 + Number(d))).join('')}`,
      `${victim.phone.slice(0, 4)}-${local}`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await post('/api/auth/login', {
        identifier: spellings[i % spellings.length],
        password: `Guess${i}pw`,
      });
      statuses.push(res.statusCode);
    }
    expect(tally(statuses)).toEqual({
      422: RULES.loginFailuresPerIdentifier.limit,
      429: 60 - RULES.loginFailuresPerIdentifier.limit,
    });
    for (const identifier of spellings) {
      const res = await post('/api/auth/login', { identifier, password: victim.password });
      expect(res.statusCode, identifier).toBe(429);
      expect(res.json().message).toBe(formatText(TEXT.accountLocked, { minutes: 15 }));
    }
    advance(15 * 60_000);
    expect(
      (await post('/api/auth/login', { identifier: spellings[4] ?? '', password: victim.password }))
        .statusCode,
    ).toBe(200);
  });
});

describe('guessing verification codes', () => {
  it('stops one address guessing across many accounts', async () => {
    const targets = [
      await registered(),
      await registered(),
      await registered(),
      await registered(),
      await registered(),
      await registered(),
    ];
    const attacker = '198.51.100.40';
    const statuses: number[] = [];
    for (let i = 0; i < 90; i++) {
      const target = targets[i % targets.length];
      const res = await post(
        '/api/auth/verify-otp',
        { identifier: target?.email ?? '', code: String(i).padStart(4, '0') },
        attacker,
      );
      statuses.push(res.statusCode);
    }
    const counts = tally(statuses);
    expect(counts[200]).toBeUndefined();
    expect(counts[422]).toBe(RULES.tryPerIp.limit);
    expect(counts[429]).toBe(90 - RULES.tryPerIp.limit);
  });

  it('stops many addresses guessing one account, whatever spelling of its phone they use', async () => {
    const person = newPerson();
    nextCodes('7391');
    const reg = await post('/api/auth/register', { ...person, verification_method: 'phone' });
    expect(reg.statusCode, reg.body).toBe(201);
    const local = person.phone.replace('+966', '');
    const spellings = [person.phone, `+966 ${local}`, `+966-${local.slice(0, 2)}-${local.slice(2)}`];
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/auth/verify-otp', {
        identifier: spellings[i % spellings.length],
        code: String(i).padStart(4, '0'),
      });
      statuses.push(res.statusCode);
    }
    const counts = tally(statuses);
    expect(counts[200]).toBeUndefined();
    // Five wrong tries end the code; past ten tries per phone the rest are refused outright.
    expect(counts[422]).toBe(RULES.tryPerIdentifier.limit);
    expect(counts[429]).toBe(30 - RULES.tryPerIdentifier.limit);
    const code = await post('/api/auth/verify-otp', { identifier: person.phone, code: '7391' });
    expect(code.statusCode).toBe(429);
  });
});

describe('flooding code messages', () => {
  it('sends one code a minute and at most five an hour to one address, however hard it is asked', async () => {
    const person = await registered();
    const sentTo = () => messages.mails.filter((m) => m.to === person.email).length;
    expect(sentTo()).toBe(1);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/auth/resend-verification', { identifier: person.email })),
    );
    expect(tally(burst.map((r) => r.statusCode))).toEqual({ 429: 20 });
    expect(burst[0]?.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    const statuses: number[] = [];
    for (let minute = 0; minute < 59; minute++) {
      advance(61_000);
      for (const path of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
        statuses.push((await post(path, { identifier: person.email })).statusCode);
      }
    }
    expect(sentTo()).toBe(RULES.sendPerIdentifier.limit);
    expect(statuses.filter((s) => s === 200).length).toBe(RULES.sendPerIdentifier.limit - 1);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
  });

  it(`sends at most ${RULES.sendPerIp.limit} codes an hour at the request of one address`, async () => {
    const people = [];
    for (let i = 0; i < 30; i++) people.push(await registered());
    advance(61_000);
    const before = messages.mails.length;
    const attacker = '198.51.100.60';
    const statuses: number[] = [];
    for (const person of people) {
      statuses.push(
        (await post('/api/auth/resend-verification', { identifier: person.email }, attacker)).statusCode,
      );
      statuses.push(
        (await post('/api/auth/forgot-password', { identifier: person.email }, attacker)).statusCode,
      );
    }
    expect(messages.mails.length - before).toBe(RULES.sendPerIp.limit);
    expect(tally(statuses)[200]).toBe(RULES.sendPerIp.limit);
  });
});

describe('reset proofs', () => {
  async function resetProof(person: { email: string }, code: string) {
    advance(61_000);
    nextCodes(code);
    expect((await post('/api/auth/forgot-password', { identifier: person.email })).statusCode).toBe(200);
    const res = await post('/api/auth/verify-otp', {
      identifier: person.email,
      code,
      type: 'password_reset',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.reset_token as string;
  }
  const reset = (token: string, password: string) =>
    post('/api/auth/reset-password', { reset_token: token, password, password_confirmation: password });

  it('work once, even when sent twice at the same moment', async () => {
    const person = await verified();
    const proof = await resetProof(person, '4826');
    const [a, b] = await Promise.all([reset(proof, 'FirstNew1'), reset(proof, 'SecondNew2')]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 422]);
    const won = a?.statusCode === 200 ? 'FirstNew1' : 'SecondNew2';
    const lost = won === 'FirstNew1' ? 'SecondNew2' : 'FirstNew1';
    expect((await post('/api/auth/login', { identifier: person.email, password: won })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { identifier: person.email, password: lost })).statusCode).toBe(
      422,
    );
    const again = await reset(proof, 'ThirdNew3');
    expect(again.json()).toMatchObject({ message: TEXT.resetTokenInvalid });
    // The code that made the proof cannot make another.
    const code = await post('/api/auth/verify-otp', {
      identifier: person.email,
      code: '4826',
      type: 'password_reset',
    });
    expect(code.statusCode).toBe(422);
  });

  it('an older proof dies when another one is used, and none outlives its time', async () => {
    const person = await verified();
    const older = await resetProof(person, '1111');
    const newer = await resetProof(person, '2222');
    expect((await reset(newer, 'OwnerNew1')).statusCode).toBe(200);
    const stale = await reset(older, 'Attacker1');
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toBe(TEXT.resetTokenInvalid);
    expect(
      (await post('/api/auth/login', { identifier: person.email, password: 'OwnerNew1' })).statusCode,
    ).toBe(200);

    const late = await resetProof(person, '3333');
    advance(LIMITS.resetTokenTtlMs + 1000);
    expect((await reset(late, 'TooLate11')).json().message).toBe(TEXT.resetTokenInvalid);
    // A proof is not a session either.
    expect((await me(late)).statusCode).toBe(401);
  });
});

describe('tokens of ended sessions', () => {
  it('a logged-out token opens nothing: no API, no socket, and its open socket is closed', async () => {
    const person = await verified();
    const stolen = await tokenOf(person);
    const other = await tokenOf(person);
    const thief = await connected(stolen);
    const owner = await connected(other);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${stolen}` },
    });
    expect(logout.statusCode).toBe(200);
    await whenDisconnected(thief);
    expect((await me(stolen)).json()).toEqual({
      request_id: expect.any(String),
      status: false,
      message: HTTP_TEXT[401],
    });
    expect(await refusedSocket(stolen)).toBe(HTTP_TEXT[401]);
    expect(owner.connected).toBe(true);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('a password reset ends every session, including sockets already open with a stolen token', async () => {
    const person = await verified();
    const stolen = await tokenOf(person);
    const thief = await connected(stolen);
    advance(61_000);
    nextCodes('5150');
    await post('/api/auth/forgot-password', { identifier: person.email });
    const proof = (
      await post('/api/auth/verify-otp', { identifier: person.email, code: '5150', type: 'password_reset' })
    ).json().data.reset_token;
    const res = await post('/api/auth/reset-password', {
      reset_token: proof,
      password: 'Locked0ut',
      password_confirmation: 'Locked0ut',
    });
    expect(res.statusCode).toBe(200);
    await whenDisconnected(thief);
    expect((await me(stolen)).statusCode).toBe(401);
    expect(await refusedSocket(stolen)).toBe(HTTP_TEXT[401]);
    expect((await me(await tokenOf({ email: person.email, password: 'Locked0ut' }))).statusCode).toBe(200);
  });
});
