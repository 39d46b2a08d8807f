import { HTTP_TEXT } from '@makan/contract/texts';
import { describe, expect, it, vi } from 'vitest';
import ar from '../locales/ar.json';
import { jsonResponse, testI18n } from '../test/render.tsx';
import {
  ApiError,
  createHttpClient,
  errorToToast,
  type HttpDeps,
  kindOfStatus,
  retryDelay,
  type ToastMessage,
  toastText,
} from './http.ts';

const en = testI18n('en');
const arabic = testI18n('ar');
const english = (message: ToastMessage) => toastText(en.t, message);

function httpError(status: number) {
  return new ApiError({ kind: kindOfStatus(status), status });
}

function client(fetch: HttpDeps['fetch'], overrides: Partial<HttpDeps> = {}) {
  const deps = {
    notify: vi.fn<HttpDeps['notify']>(),
    sleep: vi.fn<HttpDeps['sleep']>(async () => {}),
    onUnauthorized: vi.fn<HttpDeps['onUnauthorized']>(),
    clearSession: vi.fn<HttpDeps['clearSession']>(),
  };
  const http = createHttpClient({
    fetch,
    getToken: () => 'secret',
    getLanguage: () => 'en',
    ...deps,
    ...overrides,
  });
  return { http, ...deps };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('error-to-toast mapping (spec §8)', () => {
  it.each(Object.keys(HTTP_TEXT).map(Number))('status %i shows the catalogue text', (status) => {
    const message = errorToToast(httpError(status));
    expect(message).toEqual({ key: `errors.http.${status}` });
    expect(english(message)).toBe(HTTP_TEXT[status as keyof typeof HTTP_TEXT]);
    expect(toastText(arabic.t, message)).toBe(ar.errors.http[String(status) as keyof typeof ar.errors.http]);
  });

  it('covers each status the spec names', () => {
    for (const status of [400, 401, 403, 404, 413, 422, 500])
      expect(HTTP_TEXT).toHaveProperty(String(status));
  });

  it.each([402, 405, 409, 418, 502, 503])('other status %i shows the error code', (status) => {
    expect(english(errorToToast(httpError(status)))).toBe(
      `Unexpected issue occurred (Error Code: ${status}). Please try again or contact support.`,
    );
  });

  it('timeout, no response and anything else', () => {
    expect(english(errorToToast(new ApiError({ kind: 'network', status: 0, timeout: true })))).toBe(
      'Request timed out. Please try again.',
    );
    expect(english(errorToToast(new ApiError({ kind: 'network', status: 0 })))).toBe(
      'A network error occurred. Please check your connection.',
    );
    expect(english(errorToToast(new Error('boom')))).toBe('An unknown error occurred');
    expect(english(errorToToast('nope'))).toBe('An unknown error occurred');
    expect(english(errorToToast(new ApiError({ kind: 'unknown', status: 0 })))).toBe(
      'An unknown error occurred',
    );
  });

  it('a 200 that failed shows its errors joined', () => {
    const error = new ApiError({
      kind: 'api',
      status: 200,
      message: 'Failed',
      errors: { a: ['First', 'Second'] },
    });
    expect(errorToToast(error)).toEqual({ text: 'First, Second' });
    expect(errorToToast(new ApiError({ kind: 'api', status: 200, message: 'Only a message' }))).toEqual({
      text: 'Only a message',
    });
  });

  it('classifies statuses', () => {
    expect(kindOfStatus(401)).toBe('authentication');
    expect(kindOfStatus(403)).toBe('permission');
    expect(kindOfStatus(422)).toBe('validation');
    expect(kindOfStatus(404)).toBe('api');
    expect(kindOfStatus(500)).toBe('api');
    expect(kindOfStatus(302)).toBe('unknown');
  });
});

describe('http client', () => {
  it('sends the bearer token and JSON, and unwraps the envelope', async () => {
    const fetch = vi.fn<HttpDeps['fetch']>(async () =>
      jsonResponse(200, { status: true, message: 'Hi', data: { id: 7 } }),
    );
    const { http, notify } = client(fetch);
    const result = await http.request('/things', {
      method: 'POST',
      body: { a: 1 },
      query: { q: 'x y', skip: undefined },
    });
    expect(result).toEqual({ data: { id: 7 }, message: 'Hi' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/things?q=x+y');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer secret');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends FormData without an explicit content type, with the upload timeout', async () => {
    const fetch = vi.fn<HttpDeps['fetch']>(async () => jsonResponse(200, { status: true, data: null }));
    const { http } = client(fetch);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await http.request('/upload', { method: 'POST', body: form });
    const init = fetch.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    expect(init?.body).toBe(form);
  });

  it('gives uploads the long timeout and other calls the short one', async () => {
    const slow: HttpDeps['fetch'] = (_url, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(jsonResponse(200, { status: true, data: 'done' })), 40);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    const { http } = client(slow, { timeoutMs: 5, uploadTimeoutMs: 5000 });
    await expect(http.request('/upload', { method: 'POST', body: new FormData() })).resolves.toMatchObject({
      data: 'done',
    });
    await expect(http.request('/json', { method: 'POST', body: {} })).rejects.toMatchObject({
      timeout: true,
    });
  });

  it('omits Authorization when no token is stored', async () => {
    const fetch = vi.fn<HttpDeps['fetch']>(async () => jsonResponse(200, { status: true, data: 1 }));
    const { http } = client(fetch, { getToken: () => null });
    await http.request('/x');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('parses data with a schema', async () => {
    const { z } = await import('zod');
    const { http } = client(async () => jsonResponse(200, { status: true, data: { id: 'not a number' } }));
    await expect(http.request('/x', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({
      kind: 'unknown',
    });
  });

  it('toasts the errors a 200 carries, joined, and still returns the data', async () => {
    const { http, notify } = client(async () =>
      jsonResponse(200, { status: true, data: [1], errors: { a: ['One'], b: ['Two', 'Three'] } }),
    );
    await expect(http.request('/x')).resolves.toMatchObject({ data: [1] });
    expect(notify).toHaveBeenCalledWith({ text: 'One, Two, Three' });
  });

  it('rejects a 200 whose envelope says status false', async () => {
    const { http, notify } = client(async () =>
      jsonResponse(200, { status: false, message: 'Nope', errors: ['Bad thing'] }),
    );
    await expect(http.request('/x')).rejects.toMatchObject({ kind: 'api', status: 200, message: 'Nope' });
    expect(notify).toHaveBeenCalledWith({ text: 'Bad thing' });
  });

  it.each([400, 403, 404, 413, 500, 503])('toasts the catalogue text for %i', async (status) => {
    const { http, notify } = client(async () =>
      jsonResponse(status, { status: false, message: 'server words' }),
    );
    await expect(http.request('/x')).rejects.toMatchObject({ status, kind: kindOfStatus(status) });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(errorToToast(httpError(status)));
  });

  it('a 401 clears the session and leads to /login', async () => {
    const { http, notify, clearSession, onUnauthorized } = client(async () =>
      jsonResponse(401, { status: false, message: 'Unauthenticated' }),
    );
    await expect(http.request('/user')).rejects.toMatchObject({ kind: 'authentication' });
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(english(notify.mock.calls[0]?.[0] ?? { text: '' })).toBe(HTTP_TEXT[401]);
  });

  it('lets a form handle its 422: field errors and their keys, no toast', async () => {
    const errors = {
      email: ['Please enter a valid email address', 'Second'],
      name: ['This field is required'],
    };
    const codes = { name: [{ code: 'required' }] };
    const { http, notify } = client(async () =>
      jsonResponse(422, { status: false, message: 'Invalid', errors, codes }),
    );
    const failure = await http
      .request('/x', { method: 'POST', toast: 'except-validation' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'validation', status: 422, errors, codes, code: undefined });
    expect(notify).not.toHaveBeenCalled();
  });

  it("keeps the message's key and parameters, and drops keys it does not know", async () => {
    const { http } = client(async () =>
      jsonResponse(429, {
        status: false,
        message: 'Please wait 42 seconds before requesting a new code.',
        code: 'otpResendWait',
        params: { seconds: 42 },
      }),
    );
    const failure = await http.request('/x', { method: 'POST' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 429, code: 'otpResendWait', params: { seconds: 42 } });
    const { http: newer } = client(async () =>
      jsonResponse(422, {
        status: false,
        message: 'A text of a later build',
        code: 'notYetAKey',
        errors: { name: ['x'] },
        codes: { name: [{ code: 'notYetAKey' }] },
      }),
    );
    const unknown = await newer.request('/x', { method: 'POST' }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: undefined, codes: undefined, errors: { name: ['x'] } });
  });

  it('without the opt-out a 422 shows its toast', async () => {
    const { http, notify } = client(async () =>
      jsonResponse(422, { status: false, message: 'x', errors: {} }),
    );
    await expect(http.request('/x', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledWith({ key: 'errors.http.422' });
  });

  it('times out after the configured time', async () => {
    const hang: HttpDeps['fetch'] = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const { http, notify, sleep } = client(hang, { timeoutMs: 10 });
    await expect(http.request('/slow')).rejects.toMatchObject({ kind: 'network', timeout: true });
    expect(sleep).not.toHaveBeenCalled();
    expect(english(notify.mock.calls[0]?.[0] ?? { text: '' })).toBe('Request timed out. Please try again.');
  });

  it('a caller abort is passed through without a toast', async () => {
    const controller = new AbortController();
    const hang: HttpDeps['fetch'] = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const { http, notify } = client(hang);
    const pending = http.request('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('never sends a request its caller gave up on before it went out', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetch = vi.fn<HttpDeps['fetch']>(async () => jsonResponse(200, { status: true, data: 1 }));
    const { http, notify } = client(fetch);
    await expect(http.request('/x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('retries (spec §8)', () => {
  it('backs off 1 s, doubling, capped at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('retries a GET that got no response up to 3 times, then toasts once', async () => {
    const fetch = vi.fn<HttpDeps['fetch']>(offline);
    const { http, notify, sleep } = client(fetch);
    await expect(http.request('/feed')).rejects.toMatchObject({ kind: 'network', timeout: false });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000]);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(english(notify.mock.calls[0]?.[0] ?? { text: '' })).toBe(
      'A network error occurred. Please check your connection.',
    );
  });

  it('succeeds when the network comes back', async () => {
    const fetch = vi
      .fn<HttpDeps['fetch']>()
      .mockImplementationOnce(offline)
      .mockImplementationOnce(offline)
      .mockImplementation(async () => jsonResponse(200, { status: true, data: 'ok' }));
    const { http, notify, sleep } = client(fetch);
    await expect(http.request('/feed')).resolves.toMatchObject({ data: 'ok' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('retries a write that carries an Idempotency-Key, with the same key each time', async () => {
    const post = vi
      .fn<HttpDeps['fetch']>(offline)
      .mockImplementationOnce(offline)
      .mockImplementation(async () => jsonResponse(201, { status: true, data: 'stored once' }));
    const { http, notify } = client(post);
    await expect(
      http.request('/posts', { method: 'POST', body: new FormData(), idempotencyKey: 'compose-42' }),
    ).resolves.toMatchObject({ data: 'stored once' });
    expect(post).toHaveBeenCalledTimes(2);
    for (const [, init] of post.mock.calls)
      expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('compose-42');
    expect(notify).not.toHaveBeenCalled();
  });

  it('never retries a write, nor an HTTP error', async () => {
    const post = vi.fn<HttpDeps['fetch']>(offline);
    const first = client(post);
    await expect(first.http.request('/posts', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(post).toHaveBeenCalledTimes(1);
    expect(first.sleep).not.toHaveBeenCalled();

    const failing = vi.fn<HttpDeps['fetch']>(async () => jsonResponse(500, { status: false, message: 'x' }));
    const second = client(failing);
    await expect(second.http.request('/feed')).rejects.toMatchObject({ status: 500 });
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
