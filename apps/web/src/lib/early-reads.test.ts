import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http.ts';

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: true, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

const early = (url: string, response: Promise<Response>, token = 'tok', language = 'en') => ({
  url,
  token,
  language,
  at: performance.now(),
  response,
});

afterEach(() => {
  globalThis.__makanEarlyReads = undefined;
});

describe('early reads', () => {
  const client = (fetch = vi.fn(() => Promise.resolve(answer({ fresh: true })))) =>
    createHttpClient({ fetch, getToken: () => 'tok', getLanguage: () => 'en', sleep: async () => {} });

  it('the first request for the address takes the answer boot.js asked for; the next asks afresh', async () => {
    globalThis.__makanEarlyReads = [early('/api/posts/7', Promise.resolve(answer({ early: true })))];
    const { request, deps } = client();
    expect((await request('/posts/7')).data).toEqual({ early: true });
    expect(deps.fetch).not.toHaveBeenCalled();
    expect((await request('/posts/7')).data).toEqual({ fresh: true });
    expect(deps.fetch).toHaveBeenCalledTimes(1);
  });

  it('is left alone when asked with another session or language, and asked again when it failed', async () => {
    globalThis.__makanEarlyReads = [
      early('/api/posts/1', Promise.resolve(answer({ early: true })), 'someone-else'),
      early('/api/posts/2', Promise.resolve(answer({ early: true })), 'tok', 'ar'),
      early('/api/posts/3', Promise.reject(new TypeError('offline'))),
    ];
    const { request, deps } = client();
    for (const id of [1, 2, 3]) expect((await request(`/posts/${id}`)).data).toEqual({ fresh: true });
    expect(deps.fetch).toHaveBeenCalledTimes(3);
    expect(globalThis.__makanEarlyReads).toEqual([]);
  });

  it('a write never takes one', async () => {
    globalThis.__makanEarlyReads = [early('/api/posts/7', Promise.resolve(answer({ early: true })))];
    const { request } = client();
    expect((await request('/posts/7', { method: 'DELETE' })).data).toEqual({ fresh: true });
  });

  it('gives up waiting when the request is aborted', async () => {
    globalThis.__makanEarlyReads = [early('/api/posts/7', new Promise<Response>(() => {}))];
    const controller = new AbortController();
    const pending = client().request('/posts/7', { signal: controller.signal, toast: 'none' });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
  });
});
