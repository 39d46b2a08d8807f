import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock, scriptedRandom } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';

/**
 * Every 4-digit code tried against one account, each from a fresh address: ten thousand requests, so
 * it lives in the hard suite (`npm run test:hard`); the per-account limit it proves is also checked
 * in a few requests in auth.test.ts ("allows at most 20 wrong tries per account").
 */

const { clock } = manualClock();
const { random, nextCodes } = scriptedRandom();
const messages = capturedMessages();
let app: App;
let ipSeq = 0;

beforeAll(async () => {
  ({ app } = await createTestApp(
    {},
    { clock, random, mailer: messages.mailer, sms: messages.sms, sleep: async () => {} },
  ));
  await app.ready();
});
afterAll(() => app?.close());

const nextIp = () => `198.51.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
const post = (url: string, payload: object, ip = nextIp()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('brute force on the 4-digit code', () => {
  it(
    '10,000 guesses covering every code never verify the account',
    async () => {
      nextCodes('7391');
      const person = {
        name: 'Sara Al Harbi',
        email: 'sara.guessed@example.com',
        phone: '+966510000001',
        password: 'Secret123',
        password_confirmation: 'Secret123',
        user_type: 'retail',
      };
      const registered = await post('/api/auth/register', person);
      expect(registered.statusCode, registered.body).toBe(201);
      let successes = 0;
      const statuses = new Map<number, number>();
      // In waves of 25 at once, as a scripted attacker sends them: the counts hold under concurrent
      // guesses too (and a starved CI lane wakes once per wave, not once per guess).
      const WAVE = 25;
      for (let first = 0; first < 10_000; first += WAVE) {
        const answers = await Promise.all(
          Array.from({ length: WAVE }, (_, k) =>
            // A fresh address per guess: the per-address limit is not what stops this attacker.
            post('/api/auth/verify-otp', {
              identifier: person.email,
              code: String(first + k).padStart(4, '0'),
            }),
          ),
        );
        for (const res of answers) {
          if (res.statusCode === 200) successes += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      }
      expect(successes).toBe(0);
      expect(statuses.get(429)).toBeGreaterThan(9_900);
      const login = await post('/api/auth/login', { identifier: person.email, password: person.password });
      expect(login.statusCode).toBe(403);
    },
    scaled(600_000),
  ); // ten thousand requests: 11 s on a quiet 2-core machine, minutes in a starved CI lane
});
