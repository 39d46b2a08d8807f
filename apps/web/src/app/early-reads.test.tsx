import { LIMITS } from '@makan/contract/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchConversations } from '../features/chat/api/conversations.ts';
import { fetchMessages } from '../features/chat/api/messages.ts';
import { fetchPost } from '../features/posts/api/post.ts';
import { PhotoGrid } from '../features/posts/components/photo-grid.tsx';
import { http } from '../lib/http.ts';
import { postFixture } from '../test/post-fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EARLY_READS } from './early-reads.ts';

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: true, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

describe('EARLY_READS', () => {
  let asked: string[];
  beforeEach(() => {
    asked = [];
    vi.spyOn(http.deps, 'fetch').mockImplementation(async (url) => {
      asked.push(String(url));
      return answer(null);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** Each route's templates, filled in, are exactly what its page's first reads ask for. */
  it.each([
    ['/post/:id', { id: 7 }, () => fetchPost(7)],
    ['/chat', {}, () => fetchConversations()],
    ['/chat/:id', { id: 5 }, () => Promise.all([fetchConversations(), fetchMessages(5, { page: 1 })])],
  ] as const)('%s', async (route, params, read) => {
    await read().catch(() => {});
    const filled = (EARLY_READS[route] ?? []).map(({ url }) =>
      url.replace(/:(\w+)/g, (_, name: string) => String(params[name as keyof typeof params])),
    );
    expect(filled.length).toBeGreaterThan(0);
    expect(asked).toEqual(filled);
  });

  it('reads at most a page of each', () => {
    expect(EARLY_READS['/chat']).toEqual([
      { url: `/api/chat/conversations?page=1&per_page=${LIMITS.conversationsPerPage}` },
    ]);
  });

  it("names the post page's first photo, the one it paints first and largest", () => {
    const post = postFixture({
      media: [1, 2, 3].map((id) => ({
        id,
        url: `/media/posts/${id}.webp`,
        url_large: `/media/posts/${id}-large.webp`,
        mime_type: 'image/webp',
        size: 1000,
        file_name: `${id}.webp`,
        width: 480,
        height: 320,
      })),
    });
    renderWithProviders(<PhotoGrid media={post.media} author="Sara" first />);
    const path = EARLY_READS['/post/:id']?.[0]?.image ?? '';
    const named = path
      .split('.')
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], {
        status: true,
        data: post,
      });
    const first = [...document.querySelectorAll('img')].find(
      (img) => img.getAttribute('fetchpriority') === 'high',
    );
    expect(named).toBe('/media/posts/1.webp');
    expect(first?.getAttribute('src')).toBe(named);
  });
});
