import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './lib/password.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { seedDemoUsers } from './modules/users/users.seed.ts';
import { createTestApp } from './test/test-app.ts';

describe('demo data', () => {
  it('seeds verified demo accounts of both types on an empty database, once', async () => {
    const { app, database } = await createTestApp({ SEED: 'demo' });
    try {
      for (const [email, type] of [
        ['sara@makan.example', 'retail'],
        ['noor@makan.example', 'developer'],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { identifier: email, password: 'Demo1234' },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.user).toMatchObject({ user_type: type, verified: true });
      }
      const users = createUsersRepository(database.db);
      const before = await users.count();
      expect(await seedDemoUsers(users, createPasswordHasher({ cost: 1024 }), new Date())).toBe(0);
      expect(await users.count()).toBe(before);
    } finally {
      await app.close();
    }
  });
});
