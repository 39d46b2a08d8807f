import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient } from './http.ts';
import { xhrUpload } from './xhr-upload.ts';

type Listener = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** Records what was sent; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nretry-after: 7\r\n';
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploads with progress', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });

  it('goes through XMLHttpRequest, reports progress and reads the envelope as usual', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetch = vi.fn<typeof globalThis.fetch>();
    const http = createHttpClient({ fetch, getToken: () => 'token', getLanguage: () => 'ar' });
    const progress: number[] = [];
    const body = new FormData();
    body.append('picture', new File(['png'], 'me.png', { type: 'image/png' }));
    const pending = http.request('/profile/picture', {
      method: 'POST',
      body,
      onUploadProgress: (fraction) => progress.push(fraction),
    });
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBe(body));
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/profile/picture');
    expect(xhr?.headers).toMatchObject({ authorization: 'Bearer token', 'accept-language': 'ar' });
    // The browser sets the multipart boundary itself.
    expect(xhr?.headers).not.toHaveProperty('content-type');
    xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr?.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr?.answer(200, { status: true, message: 'Profile picture updated', data: { ok: 1 } });
    await expect(pending).resolves.toEqual({ data: { ok: 1 }, message: 'Profile picture updated' });
    expect(progress).toEqual([0.25, 1]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns a refusal into an ApiError with its field errors and headers', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const http = createHttpClient({ getToken: () => null });
    const pending = http.request('/profile/cover', {
      method: 'POST',
      body: new FormData(),
      toast: 'none',
      onUploadProgress: () => {},
    });
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last?.answer(413, {
      status: false,
      message: 'Image size limit exceeded',
      errors: { file: ['Image size limit exceeded'] },
    });
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'Image size limit exceeded', retryAfter: 7 });
  });

  it('rejects like fetch on a network failure and on abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failed = xhrUpload('/x', { method: 'POST' }, () => {});
    FakeXhr.last?.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = xhrUpload('/x', { method: 'POST', signal: controller.signal }, () => {});
    const xhr = FakeXhr.last;
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    expect(xhr?.aborted).toBe(true);
  });
});
