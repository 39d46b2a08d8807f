import http from 'node:http';
import https from 'node:https';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import { z } from 'zod';
import { workerEntry } from '../paths.ts';

/** The server's VAPID key pair (RFC 8292), URL-safe base64 as browsers take `applicationServerKey`. */
export const vapidKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
export type VapidKeys = z.infer<typeof vapidKeysSchema>;

export const makeVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/** A VAPID token is valid this long (RFC 8292 allows up to 24 h) and renewed an hour before it ends. */
const VAPID_VALID_MS = 12 * 3_600_000;
const VAPID_RENEW_MS = 3_600_000;
/** Connections kept open per push service (per sending thread): a fan-out reuses them. */
const SOCKETS_PER_SERVICE = 32;

/** One push to one device: its subscription, the text to encrypt for it, and how the push service keeps it. */
export const pushMessageSchema = z.object({
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
  payload: z.string(),
  /** How long the push service keeps it for a device that is off (seconds). */
  ttlSeconds: z.number(),
  urgency: z.enum(['very-low', 'low', 'normal', 'high']),
  /** A later push with the same topic replaces this one while it waits at the push service. */
  topic: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/**
 * Answers the push service's status (201 accepted; 404/410 the subscription is gone); throws when
 * it is unreachable, or when `signal` aborts (the server closing). `close` ends the sending threads.
 */
export type PushSender = {
  send: (message: PushMessage, signal?: AbortSignal) => Promise<number>;
  /** Starts the sending threads now, so the first push does not wait for one to load. */
  warm: () => Promise<void>;
  close: () => Promise<void>;
};

/** What a sending thread is started with. */
export const senderSettings = z.object({
  keys: vapidKeysSchema,
  subject: z.string(),
  timeoutMs: z.number().int().positive(),
});
type SenderSettings = z.infer<typeof senderSettings>;

/**
 * Signs, encrypts and sends pushes in the thread it runs in (a sending thread, or the main thread
 * with `threads: 0`): `web-push` signs the VAPID token and encrypts the payload (aes128gcm,
 * RFC 8291); the request goes through `node:http(s)` with connections kept open, to any endpoint
 * the browser gave (and to the tests' push service on plain HTTP, which `web-push`'s own
 * https-only sender cannot reach). Not `fetch`: its request cost about three times the CPU.
 */
export function createDirectSender({ keys, subject, timeoutMs }: SenderSettings) {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
  };
  /**
   * The VAPID token per push service (its origin), signed once and used until an hour before it
   * ends: signing an ES256 token for every push was most of a ten-thousand-push fan-out's CPU.
   */
  const tokens = new Map<string, { authorization: string; expires: number }>();
  function authorization(audience: string): string {
    const now = Date.now();
    const cached = tokens.get(audience);
    if (cached && cached.expires - now > VAPID_RENEW_MS) return cached.authorization;
    const expires = now + VAPID_VALID_MS;
    const headers = webpush.getVapidHeaders(
      audience,
      subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      Math.floor(expires / 1000),
    );
    tokens.set(audience, { authorization: headers.Authorization, expires });
    return headers.Authorization;
  }
  return {
    send(message: PushMessage, signal?: AbortSignal): Promise<number> {
      // Encrypted here (a key of its own per message, RFC 8291); the token comes from the cache.
      const details = webpush.generateRequestDetails(
        { endpoint: message.endpoint, keys: message.keys },
        message.payload,
        { TTL: message.ttlSeconds, urgency: message.urgency, topic: message.topic },
      );
      const url = new URL(details.endpoint);
      const agent =
        url.protocol === 'https:' ? agents['https:'] : url.protocol === 'http:' ? agents['http:'] : null;
      if (!agent) return Promise.reject(new Error(`not an http(s) endpoint: ${url.protocol}`));
      const body = details.body ?? Buffer.alloc(0);
      const headers: Record<string, string> = { authorization: authorization(url.origin) };
      for (const [name, value] of Object.entries(details.headers))
        headers[name.toLowerCase()] = String(value);
      headers['content-length'] = String(body.length);
      const timeout = AbortSignal.timeout(timeoutMs);
      const post = (retried: boolean): Promise<number> =>
        new Promise<number>((resolve, reject) => {
          // A push service never redirects; node:http follows none, so a push never goes elsewhere.
          const req = (url.protocol === 'https:' ? https : http).request(
            url,
            {
              method: details.method,
              headers,
              agent,
              signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
            },
            (res) => {
              res.on('error', reject);
              res.on('end', () => resolve(res.statusCode ?? 0));
              res.resume();
            },
          );
          req.on('error', (err: NodeJS.ErrnoException) => {
            // A kept-alive connection the push service closed just as it was reused: once more on a
            // new one (the request never reached it; at worst the Topic keeps one copy).
            if (!retried && req.reusedSocket && err.code === 'ECONNRESET') resolve(post(true));
            else reject(err);
          });
          req.end(body);
        });
      return post(false);
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

const answer = z.union([
  z.object({ id: z.number(), status: z.number() }),
  z.object({ id: z.number(), error: z.string() }),
]);

/**
 * Outgoing web pushes (issue 22), signed, encrypted and sent by `threads` worker threads (one by
 * default): the encryption (an ECDH key pair and an AES-GCM pass per push) and the requests of a
 * ten-thousand-push fan-out took a quarter of the main thread, and the requests answering people
 * waited behind it. `threads: 0` sends from the calling thread.
 */
export function createPushSender({
  keys,
  subject,
  threads = 1,
  timeoutMs = 10_000,
}: {
  keys: () => Promise<VapidKeys>;
  subject: string;
  threads?: number;
  timeoutMs?: number;
}): PushSender {
  type Pending = { resolve: (status: number) => void; reject: (err: Error) => void };
  type Thread = { worker: Worker; pending: Map<number, Pending>; ended: boolean };
  let pool: Promise<{ settings: SenderSettings; threads: Thread[] }> | undefined;
  let direct: Promise<ReturnType<typeof createDirectSender>> | undefined;
  let nextId = 0;
  let closed = false;

  function start(settings: SenderSettings): Thread {
    const entry = workerEntry('adapters/push-worker');
    const worker = new Worker(entry.code, { eval: entry.eval, workerData: settings });
    const thread: Thread = { worker, pending: new Map(), ended: false };
    const failAll = (err: Error) => {
      for (const p of thread.pending.values()) p.reject(err);
      thread.pending.clear();
    };
    worker.on('message', (raw: unknown) => {
      const message = answer.parse(raw);
      const p = thread.pending.get(message.id);
      if (!p) return;
      thread.pending.delete(message.id);
      if ('status' in message) p.resolve(message.status);
      else p.reject(new Error(message.error));
    });
    worker.on('error', failAll);
    worker.on('exit', () => {
      failAll(new Error('push sending thread ended'));
      // Started again on the next push (threadsNow), not at once: no loop if it cannot start.
      thread.ended = true;
    });
    // The server may exit while the thread waits for work.
    worker.unref();
    return thread;
  }

  const settings = async (): Promise<SenderSettings> => ({ keys: await keys(), subject, timeoutMs });
  const threadsNow = async () => {
    pool ??= settings().then((s) => ({
      settings: s,
      threads: Array.from({ length: threads }, () => start(s)),
    }));
    pool.catch(() => {
      pool = undefined;
    });
    const running = await pool;
    // A thread that ended is replaced; the others keep their pushes under way.
    running.threads = running.threads.map((t) => (t.ended ? start(running.settings) : t));
    return running.threads;
  };

  return {
    async warm() {
      if (threads > 0 && !closed) await threadsNow();
    },
    async send(message, signal) {
      if (closed) throw new Error('push sender closed');
      if (threads === 0) {
        direct ??= settings().then(createDirectSender);
        return (await direct).send(message, signal);
      }
      signal?.throwIfAborted();
      const all = await threadsNow();
      // The thread with the least under way.
      const thread = all.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = ++nextId;
      return new Promise<number>((resolve, reject) => {
        const onAbort = () => {
          thread.pending.delete(id);
          thread.worker.postMessage({ abort: id });
          reject(signal?.reason instanceof Error ? signal.reason : new Error('push aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        thread.pending.set(id, {
          resolve: (status) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(status);
          },
          reject: (err) => {
            signal?.removeEventListener('abort', onAbort);
            reject(err);
          },
        });
        thread.worker.postMessage({ id, message });
      });
    },
    async close() {
      closed = true;
      if (direct) (await direct.catch(() => undefined))?.close();
      const running = await pool?.catch(() => undefined);
      await Promise.all((running?.threads ?? []).map((t) => t.worker.terminate()));
    },
  };
}
