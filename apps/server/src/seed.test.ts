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
      // Demo profiles: bios, pictures served from /media, preferences and follows.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'noor@makan.example', password: 'Demo1234' },
      });
      const noor = login.json().data.user;
      expect(noor.profile.bio).toContain('Dubai');
      expect(noor.preferences).toMatchObject({ purpose: 'list', property_types: ['office', 'coworking'] });
      expect(noor.preferences.preferred_locations).toHaveLength(2);
      expect(noor.follow_info.followers_count).toBe(3);
      // Their posts come with the full profile, and the profile counts them.
      const token = login.json().data.token;
      const full = await app.inject({
        url: '/api/profile/full',
        headers: { authorization: `Bearer ${token}` },
      });
      const own = full.json().data.posts as { user_id: number }[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((p) => p.user_id === noor.id)).toBe(true);
      expect(full.json().data.user.posts_count).toBe(own.length);
      const seen = await app.inject({
        url: `/api/profiles/${noor.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(seen.json().data.posts_count).toBe(own.length);
      const picture = await app.inject(noor.profile.picture.url);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');

      // Demo conversations: Sara has two, with unread messages from Omar and Al Noor.
      const sara = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'sara@makan.example', password: 'Demo1234' },
      });
      const saraAuth = { authorization: `Bearer ${sara.json().data.token}` };
      const chats = (await app.inject({ url: '/api/chat/conversations', headers: saraAuth })).json().data;
      expect(chats.conversations).toHaveLength(2);
      expect(chats.conversations.map((c: { unread_count: number }) => c.unread_count)).toEqual([1, 1]);
      const unread = (await app.inject({ url: '/api/chat/unread-count', headers: saraAuth })).json().data;
      expect(unread.total).toBe(2);

      const users = createUsersRepository(database.db);
      const before = await users.count();
      expect(await seedDemoUsers(users, createPasswordHasher({ cost: 1024 }), new Date())).toBe(0);
      expect(await users.count()).toBe(before);
    } finally {
      await app.close();
    }
    // The whole demo seed (hashes, photos through sharp): CPU alone, given time on a shared machine.
  }, 120_000);
});
