import webpush from 'web-push';
import { z } from 'zod';

/** The server's VAPID key pair (RFC 8292), URL-safe base64 as browsers take `applicationServerKey`. */
export const vapidKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
export type VapidKeys = z.infer<typeof vapidKeysSchema>;

export const makeVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/** A VAPID token is valid this long (RFC 8292 allows up to 24 h) and renewed an hour before it ends. */
const VAPID_VALID_MS = 12 * 3_600_000;
const VAPID_RENEW_MS = 3_600_000;

/** One push to one device: its subscription, the text to encrypt for it, and how the push service keeps it. */
export type PushMessage = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  /** How long the push service keeps it for a device that is off (seconds). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A later push with the same topic replaces this one while it waits at the push service. */
  topic: string;
};

/**
 * Answers the push service's status (201 accepted; 404/410 the subscription is gone); throws when
 * it is unreachable, or when `signal` aborts (the server closing).
 */
export type PushSender = { send: (message: PushMessage, signal?: AbortSignal) => Promise<number> };

/**
 * Outgoing web pushes (issue 22): `web-push` signs the VAPID token and encrypts the payload
 * (aes128gcm, RFC 8291); the request itself goes through `fetch`, which speaks to any endpoint the
 * browser gave (and to the tests' push service on plain HTTP, which `web-push`'s own https-only
 * sender cannot reach).
 */
export function createPushSender({
  keys,
  subject,
  fetchFn = fetch,
  timeoutMs = 10_000,
}: {
  keys: () => Promise<VapidKeys>;
  subject: string;
  fetchFn?: typeof fetch;
  timeoutMs?: number;
}): PushSender {
  /**
   * The VAPID token per push service (its origin), signed once and used until an hour before it
   * ends: signing an ES256 token for every push was most of a ten-thousand-push fan-out's CPU.
   */
  const tokens = new Map<string, { authorization: string; expires: number }>();
  async function authorization(endpoint: string): Promise<string> {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = tokens.get(audience);
    if (cached && cached.expires - now > VAPID_RENEW_MS) return cached.authorization;
    const { publicKey, privateKey } = await keys();
    const expires = now + VAPID_VALID_MS;
    const headers = webpush.getVapidHeaders(
      audience,
      subject,
      publicKey,
      privateKey,
      'aes128gcm',
      Math.floor(expires / 1000),
    );
    tokens.set(audience, { authorization: headers.Authorization, expires });
    return headers.Authorization;
  }
  return {
    async send(message, signal) {
      // Encrypted here (a key of its own per message, RFC 8291); the token comes from the cache.
      const details = webpush.generateRequestDetails(
        { endpoint: message.endpoint, keys: message.keys },
        message.payload,
        { TTL: message.ttlSeconds, urgency: message.urgency, topic: message.topic },
      );
      const headers = new Headers({ authorization: await authorization(details.endpoint) });
      // fetch counts the body itself.
      for (const [name, value] of Object.entries(details.headers))
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      const res = await fetchFn(details.endpoint, {
        method: details.method,
        headers,
        body: details.body,
        // A push service never redirects; following one would send the push somewhere else.
        redirect: 'manual',
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      return res.status;
    },
  };
}
