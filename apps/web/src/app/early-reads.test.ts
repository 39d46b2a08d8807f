import { LIMITS } from '@makan/contract/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchConversations } from '../features/chat/api/conversations.ts';
import { fetchMessages } from '../features/chat/api/messages.ts';
import { fetchPost } from '../features/posts/api/post.ts';
import { http } from '../lib/http.ts';
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
    const filled = (EARLY_READS[route] ?? []).map((template) =>
      template.replace(/:(\w+)/g, (_, name: string) => String(params[name as keyof typeof params])),
    );
    expect(filled.length).toBeGreaterThan(0);
    expect(asked).toEqual(filled);
  });

  it('reads at most a page of each', () => {
    expect(EARLY_READS['/chat']).toEqual([
      `/api/chat/conversations?page=1&per_page=${LIMITS.conversationsPerPage}`,
    ]);
  });
});
