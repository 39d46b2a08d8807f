import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localImages } from '../../test/media.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createPostsRepository } from './posts.repository.ts';
import { seedDemoPosts } from './posts.seed.ts';

describe('demo posts', () => {
  it('seeds listings with photos, likes and a comment thread by the demo accounts, once', async () => {
    const { app, database, config } = await createTestApp({ SEED: 'demo' });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'sara@makan.example', password: 'Demo1234' },
      });
      const auth = { authorization: `Bearer ${login.json().data.token}` };
      const feed = await app.inject({ method: 'GET', url: '/api/posts', headers: auth });
      const posts = feed.json().data.posts;
      expect(posts).toHaveLength(6);
      expect(posts.some((p: { media: unknown[] }) => p.media.length === 2)).toBe(true);
      expect(posts.some((p: { likes_count: number }) => p.likes_count > 0)).toBe(true);
      const photo = await app.inject({
        method: 'GET',
        url: posts.find((p: { media: unknown[] }) => p.media.length)?.media[0].url,
      });
      expect(photo.headers['content-type']).toBe('image/webp');
      const withComments = posts.find((p: { comments_count: number }) => p.comments_count > 0);
      expect(withComments.comments_count).toBe(2);
      const found = await app.inject({
        method: 'GET',
        url: `/api/posts/search?keyword=${encodeURIComponent('والصناعية')}`,
        headers: auth,
      });
      expect(found.json().data.posts.length).toBeGreaterThan(0);
      const again = await seedDemoPosts({
        db: database.db,
        posts: createPostsRepository(database.db),
        images: localImages(path.join(config.dataDir, 'media')),
        now: new Date(),
        log: { info: () => undefined },
      });
      expect(again).toBe(0);
    } finally {
      await app.close();
    }
    // The whole demo seed (hashes, photos through sharp): CPU alone, given time on a shared machine.
  }, 120_000);
});
