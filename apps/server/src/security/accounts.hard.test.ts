import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatText, TEXT } from '@makan/contract/texts';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES } from '../modules/auth/auth.service.ts';
import {
  codeFromOutbox,
  createPostgresDatabase,
  freePort,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopServer,
  testServerEnv,
  waitReady,
} from '../test/server-process.ts';
import { openSocket, whenConnected } from '../test/sockets.ts';
import { scaled } from '../test/time-scale.ts';

/**
 * Account limits across processes (issue 8): two server processes on one PostgreSQL database and
 * one Redis count together, and a password reset on one closes the sockets open on the other.
 */

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function processOn(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'makan-accounts-'));
  const port = await freePort();
  const server: ServerProcess = startServer(testServerEnv(port, dataDir, env));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => stopServer(server));
  await waitReady(port, server);
  return { base: `http://127.0.0.1:${port}`, dataDir };
}

const postJson = (base: string, url: string, body: object) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe.skipIf(!adminUrl || !redisUrl)(
  'accounts across processes (needs DATABASE_URL and REDIS_URL)',
  () => {
    it('counts login failures of both processes together, in Redis, and a reset closes sockets everywhere', {
      timeout: scaled(120_000),
    }, async () => {
      const database = await createPostgresDatabase(adminUrl ?? '');
      cleanups.push(database.drop);
      const prefix = `makan-accounts-${process.pid}`;
      const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix };
      const one = await processOn(env);
      const two = await processOn(env);
      const victim = await signUpOverHttp(one.base, one.dataDir, 'Victim');

      // Failures alternate between the processes; the limit is one limit.
      const statuses: number[] = [];
      for (let i = 0; i < RULES.loginFailuresPerIdentifier.limit + 4; i++) {
        const base = i % 2 ? two.base : one.base;
        statuses.push(
          (await postJson(base, '/api/auth/login', { identifier: victim.email, password: `Guess${i}pw` }))
            .status,
        );
      }
      expect(statuses.filter((s) => s === 422).length).toBe(RULES.loginFailuresPerIdentifier.limit);
      expect(statuses.slice(RULES.loginFailuresPerIdentifier.limit).every((s) => s === 429)).toBe(true);
      for (const base of [one.base, two.base]) {
        const res = await postJson(base, '/api/auth/login', {
          identifier: victim.email,
          password: 'Secret123',
        });
        expect(res.status).toBe(429);
        expect(((await res.json()) as { message: string }).message).toBe(
          formatText(TEXT.accountLocked, { minutes: 15 }),
        );
      }
      // Where they were counted: Redis, not the database.
      const redis = new Redis(redisUrl ?? '');
      cleanups.push(() => redis.quit());
      expect(await redis.hget(`${prefix}:rate:login-fail:user:${victim.id}`, 'c')).toBe(
        String(RULES.loginFailuresPerIdentifier.limit),
      );

      // A socket open on process two with the victim's (stolen) token; the reset happens on one.
      const thief = openSocket(two.base, victim.token);
      cleanups.push(() => thief.close());
      await whenConnected(thief);
      const closed = new Promise<string>((resolve) => thief.once('disconnect', resolve));
      expect(
        (await postJson(one.base, '/api/auth/forgot-password', { identifier: victim.email })).status,
      ).toBe(200);
      const code = await codeFromOutbox(one.dataDir, victim.email);
      const verified = await postJson(one.base, '/api/auth/verify-otp', {
        identifier: victim.email,
        code,
        type: 'password_reset',
      });
      expect(verified.status).toBe(200);
      const { reset_token } = ((await verified.json()) as { data: { reset_token: string } }).data;
      const reset = await postJson(one.base, '/api/auth/reset-password', {
        reset_token,
        password: 'Changed99',
        password_confirmation: 'Changed99',
      });
      expect(reset.status).toBe(200);
      expect(await closed).toBe('io server disconnect');
      const stale = await fetch(`${two.base}/api/user`, {
        headers: { authorization: `Bearer ${victim.token}` },
      });
      expect(stale.status).toBe(401);
    });
  },
);
