import type { FieldCodes, FieldErrors } from '@makan/contract/envelope';
import { LIMITS } from '@makan/contract/limits';
import { HTTP_TEXT, type HttpTextStatus, type TextKey, type TextParams } from '@makan/contract/texts';
import type { TFunction } from 'i18next';
import { takeEarlyRead } from './early-reads.ts';
import {
  readEnvelope,
  readFieldCodes,
  readFieldErrors,
  readTextKey,
  readTextParams,
} from './envelope-read.ts';
import { getLanguage } from './i18n.ts';
import { lazyModule } from './lazy-module.ts';
import { clearSession } from './session.ts';
import { getItem } from './storage.ts';

/** The error classes of spec §8 (storage errors never come from HTTP). */
export type ApiErrorKind = 'network' | 'authentication' | 'permission' | 'validation' | 'api' | 'unknown';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Field errors of a 422 (or of a failure envelope that carried them). */
  readonly errors: FieldErrors | undefined;
  /** Which catalogue text `message` is, and its parameters (absent for the HTTP catalogue's texts). */
  readonly code: TextKey | undefined;
  readonly params: TextParams | undefined;
  /** The catalogue keys of `errors`, message for message, for the fields that have them. */
  readonly codes: FieldCodes | undefined;
  /** Every message of the envelope's `errors`, joined with ', ' (empty when none). */
  readonly errorText: string;
  /** True when the request gave up after its timeout. */
  readonly timeout: boolean;
  /** The failure envelope's `data`, when it carried some (e.g. what an unverified login must enter). */
  readonly data: unknown;
  /** Seconds to wait before trying again, from a `Retry-After` header (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    message?: string;
    code?: unknown;
    params?: unknown;
    errors?: unknown;
    codes?: unknown;
    timeout?: boolean;
    cause?: unknown;
    data?: unknown;
    retryAfter?: number | undefined;
  }) {
    super(init.message ?? '', { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.errors = readFieldErrors(init.errors);
    // Read leniently: a key this build does not know leaves the words to speak for themselves.
    this.code = readTextKey(init.code);
    this.params = this.code ? readTextParams(init.params) : undefined;
    this.codes = this.errors ? readFieldCodes(init.codes) : undefined;
    this.errorText = joinErrors(init.errors);
    this.timeout = init.timeout ?? false;
    this.data = init.data;
    this.retryAfter = init.retryAfter;
  }
}

/** A `Retry-After` header in seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 422) return 'validation';
  if (status >= 400 && status < 600) return 'api';
  return 'unknown';
}

/** Flattens an envelope's `errors` (`{ field: [messages] }`, a list, or a string) into one line. */
export function joinErrors(errors: unknown): string {
  const messages: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.trim()) messages.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) collect(item);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) collect(item);
    }
  };
  collect(errors);
  return messages.join(', ');
}

/** What a toast says: a translation key (with its parameters), or a text the server already wrote. */
export type ToastMessage =
  | { key: `errors.http.${HttpTextStatus}` }
  | { key: 'errors.httpOther'; params: { code: number } }
  | { key: 'errors.timeout' | 'errors.network' | 'errors.unknown' }
  | { text: string };

function isHttpTextStatus(status: number): status is HttpTextStatus {
  return Object.hasOwn(HTTP_TEXT, status);
}

/** The error catalogue of spec §8: which toast a failed request shows. Pure. */
export function errorToToast(error: unknown): ToastMessage {
  if (!(error instanceof ApiError)) return { key: 'errors.unknown' };
  if (error.kind === 'network') return { key: error.timeout ? 'errors.timeout' : 'errors.network' };
  if (error.kind === 'unknown') return { key: 'errors.unknown' };
  if (error.status >= 200 && error.status < 300) {
    // A 2xx answer that still failed (`status: false`) or carried `errors`: show what the server said.
    const text = error.errorText || error.message;
    return text ? { text } : { key: 'errors.unknown' };
  }
  if (isHttpTextStatus(error.status)) return { key: `errors.http.${error.status}` };
  if (error.status > 0) return { key: 'errors.httpOther', params: { code: error.status } };
  return { key: 'errors.unknown' };
}

/** Backoff before retry number `attempt` (1-based): 1 s, doubling, capped at 10 s (spec §8). */
export function retryDelay(attempt: number): number {
  return Math.min(LIMITS.retryBaseMs * 2 ** (attempt - 1), LIMITS.retryMaxMs);
}

/**
 * `all`: every failure shows its toast. `except-validation`: a form handles its 422 itself (field
 * messages, no toast). `none`: the caller handles every failure.
 */
export type ToastMode = 'all' | 'except-validation' | 'none';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** FormData goes as multipart (the browser sets the boundary); anything else as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  toast?: ToastMode;
  timeoutMs?: number;
  /**
   * For a FormData body: called with the share sent so far (0 to 1). `fetch` cannot report upload
   * progress, so such a request goes through XMLHttpRequest (`deps.upload`) instead.
   */
  onUploadProgress?: (fraction: number) => void;
  /**
   * Sent as the Idempotency-Key header: the server answers a repeat with the first answer, so a
   * write with a key is retried after a network failure like a read.
   */
  idempotencyKey?: string;
}

export interface ApiResponse<T> {
  data: T;
  message: string | undefined;
}

export interface HttpDeps {
  baseUrl: string;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** A `fetch` that reports upload progress (XMLHttpRequest underneath). */
  upload: (url: string, init: RequestInit, onProgress: (fraction: number) => void) => Promise<Response>;
  getToken: () => string | null;
  getLanguage: () => string;
  clearSession: () => void;
  /** Called after a 401 cleared the session: the app goes to /login. */
  onUnauthorized: () => void;
  notify: (message: ToastMessage) => void;
  timeoutMs: number;
  uploadTimeoutMs: number;
  retries: number;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `promise`, or a rejection as soon as `signal` aborts (a timeout, a query no longer wanted). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value != null) params.set(name, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/**
 * What reads an answer's `data`: a contract schema (zod) or a reader of the same shape without zod
 * (lib/read.ts), for the answers a page's first render needs.
 */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface HttpClient {
  deps: HttpDeps;
  /** With a schema, `data` is parsed with it; without one it stays `unknown`. */
  request<T>(path: string, options: RequestOptions & { schema: Parser<T> }): Promise<ApiResponse<T>>;
  request(path: string, options?: RequestOptions): Promise<ApiResponse<unknown>>;
}

const xhrUploadModule = lazyModule(() => import('./xhr-upload.ts'));

export function createHttpClient(overrides: Partial<HttpDeps> = {}): HttpClient {
  const deps: HttpDeps = {
    baseUrl: '/api',
    // Looked up per call so tests (and polyfills) can replace the global.
    fetch: (...args) => globalThis.fetch(...args),
    // Loaded with the first upload: only pages that send files need it, not every page's first load.
    upload: (url, init, onProgress) =>
      xhrUploadModule.get().then(({ xhrUpload }) => xhrUpload(url, init, onProgress)),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    getToken: () => getItem('auth_token'),
    getLanguage,
    clearSession,
    onUnauthorized: () => {},
    notify: () => {},
    timeoutMs: LIMITS.requestTimeoutMs,
    uploadTimeoutMs: LIMITS.uploadTimeoutMs,
    retries: LIMITS.retries,
    ...overrides,
  };

  async function attempt(
    path: string,
    options: RequestOptions & { schema?: Parser<unknown> },
  ): Promise<ApiResponse<unknown>> {
    // A request its caller gave up on before it went out (a query no longer wanted by the time the
    // code or schema it awaited had loaded, or while a retry waited) is not sent at all.
    if (options.signal?.aborted) throw options.signal.reason;
    const method = options.method ?? 'GET';
    const isUpload = options.body instanceof FormData;
    const language = deps.getLanguage();
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language });
    const token = deps.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      options.timeoutMs ?? (isUpload ? deps.uploadTimeoutMs : deps.timeoutMs),
    );
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    let payload: unknown;
    try {
      const url = buildUrl(deps.baseUrl, path, options.query);
      const init: RequestInit = {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      };
      // A read boot.js already asked for (lib/early-reads.ts): its answer, else a request of its own.
      const early = method === 'GET' && body === undefined ? takeEarlyRead(url, token, language) : undefined;
      response = early
        ? await untilAborted(early, controller.signal).catch((cause: unknown) => {
            if (controller.signal.aborted) throw cause;
            return deps.fetch(url, init);
          })
        : isUpload && options.onUploadProgress
          ? await deps.upload(url, init, options.onUploadProgress)
          : await deps.fetch(url, init);
      payload = await readJson(response);
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ kind: 'network', status: 0, timeout: timedOut, cause });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }

    const envelope = readEnvelope(payload);
    const message = envelope?.message;
    const errors = envelope?.errors;
    const failureData = envelope?.data;
    const texts = envelope
      ? { message, code: envelope.code, params: envelope.params, errors, codes: envelope.codes }
      : {};
    if (!response.ok) {
      throw new ApiError({
        kind: kindOfStatus(response.status),
        status: response.status,
        ...texts,
        data: failureData,
        retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
      });
    }
    if (envelope && !envelope.status) {
      throw new ApiError({ kind: 'api', status: response.status, ...texts, data: failureData });
    }
    if (options.toast !== 'none') {
      const joined = joinErrors(errors);
      if (joined) deps.notify({ text: joined });
    }
    const data = envelope ? envelope.data : payload;
    if (!options.schema) return { data, message };
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({ kind: 'unknown', status: response.status, message, cause: parsed.error });
    }
    return { data: parsed.data, message };
  }

  function report(error: unknown, mode: ToastMode) {
    if (error instanceof ApiError && error.kind === 'authentication') {
      deps.clearSession();
      deps.onUnauthorized();
    }
    if (mode === 'none') return;
    if (mode === 'except-validation' && error instanceof ApiError && error.kind === 'validation') return;
    deps.notify(errorToToast(error));
  }

  function request<T>(path: string, options: RequestOptions & { schema: Parser<T> }): Promise<ApiResponse<T>>;
  function request(path: string, options?: RequestOptions): Promise<ApiResponse<unknown>>;
  async function request(
    path: string,
    options: RequestOptions & { schema?: Parser<unknown> } = {},
  ): Promise<ApiResponse<unknown>> {
    // Only reads are retried: repeating a write that may have reached the server could apply it twice,
    // unless it carries an Idempotency-Key (the server then applies it once).
    const retryable = (options.method ?? 'GET') === 'GET' || Boolean(options.idempotencyKey);
    for (let retry = 1; ; retry++) {
      try {
        return await attempt(path, options);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        // A timeout is not retried: the server may be slow rather than unreachable, and the user has
        // already waited the full timeout once.
        const canRetry = retryable && error instanceof ApiError && error.kind === 'network' && !error.timeout;
        if (canRetry && retry <= deps.retries) {
          await deps.sleep(retryDelay(retry));
          continue;
        }
        report(error, options.toast ?? 'all');
        throw error;
      }
    }
  }

  return { deps, request };
}

/** The app's client; the app layer wires `notify` (toasts) and `onUnauthorized` (go to /login). */
export const http = createHttpClient();

/**
 * A private file (an address that answers with the session only, so it cannot be a plain link),
 * fetched with the session's token; a refusal becomes an ApiError like any request's.
 */
export async function fetchPrivateFile(url: string): Promise<Response> {
  const token = http.deps.getToken();
  const response = await http.deps.fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: unknown } | null;
    throw new ApiError({
      kind: kindOfStatus(response.status),
      status: response.status,
      message: body?.message ?? response.statusText,
      code: body?.code,
    });
  }
  return response;
}

export function configureHttp(overrides: Partial<HttpDeps>): void {
  Object.assign(http.deps, overrides);
}

/** The words of a toast in the current language. */
export function toastText(t: TFunction, message: ToastMessage): string {
  if ('text' in message) return message.text;
  if ('params' in message) return t(message.key, message.params);
  return t(message.key);
}
