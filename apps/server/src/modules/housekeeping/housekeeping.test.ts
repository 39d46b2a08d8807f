import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { createAuthRepository } from '../auth/auth.repository.ts';
import { createIdempotencyRepository } from '../idempotency/idempotency.repository.ts';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.ts';
import { runHousekeeping } from './housekeeping.ts';

const { clock, advance } = manualClock();
const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;

beforeAll(async () => {
  ({ app, database } = await createTestApp({}, { clock, mailer: messages.mailer, sms: messages.sms }));
  await app.ready();
});
afterAll(() => app?.close());

const count = async (table: string) =>
  z
    .object({ rows: z.array(z.object({ n: z.number() })) })
    .parse(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n;

const housekeeping = () =>
  runHousekeeping({
    clock,
    deleteCounters: createRateLimitRepository(database.db).deleteOlderThan,
    deleteExpiredAuth: createAuthRepository(database.db).deleteExpired,
    deleteIdempotencyKeys: createIdempotencyRepository(database.db).deleteOlderThan,
  });

describe('housekeeping', () => {
  it('deletes rate-limit counters, ended sessions and spent codes a day after they stop mattering, and nothing live', async () => {
    const user = await signedInUser(app, messages);
    const ended = await signedInUser(app, messages);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: ended.auth });
    for (let i = 0; i < 3; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'nobody@example.com', password: `Wrong${i}abc` },
        remoteAddress: '198.51.100.9',
      });
    }
    const counters = await count('rate_limits');
    expect(counters).toBeGreaterThan(0);

    // Within the day nothing goes.
    expect(await housekeeping()).toEqual({ counters: 0, auth: 0, idempotencyKeys: 0 });

    advance(26 * 60 * 60_000);
    const removed = await housekeeping();
    expect(removed.counters).toBe(counters);
    // The ended session, and both users' registration codes (used, expired for a day).
    expect(removed.auth).toBe(3);
    expect(await count('rate_limits')).toBe(0);
    expect(await count('verification_codes')).toBe(0);
    expect(await count('auth_tokens')).toBe(1);

    // The live sessions still work, and the limits count again from nothing.
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: user.auth })).statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'nobody@example.com', password: 'Wrong9abc' },
      remoteAddress: '198.51.100.9',
    });
    expect(again.statusCode).toBe(422);
  });
});
