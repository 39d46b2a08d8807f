import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '@makan/contract/notification-kinds';
import type { PushSubscriptionRequest } from '@makan/contract/notifications';
import { http } from './http.ts';
import { object, type Reader, str } from './read.ts';
import { SERVICE_WORKER_URL } from './service-worker.ts';

/**
 * Web push on this device (issue 22): the browser's side (permission, the push manager's
 * subscription) and the server's (the VAPID key, the subscription stored for the signed-in user).
 * Settings › Notifications turns it on and off; signing out forgets it first.
 */

/** The contract's paths are absolute; the HTTP client adds /api itself. */
const apiPath = (path: string) => path.replace(/^\/api(?=\/)/, '');

/** What this device can do: no push at all, blocked by the reader, on, or off (not asked, or turned off). */
export type PushDeviceState = 'unsupported' | 'blocked' | 'on' | 'off';

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window.PushManager === 'function' &&
    typeof window.Notification === 'function'
  );
}

/** The app's worker, registered now if the page has not done it yet, once it is active. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const container = navigator.serviceWorker;
  if (!(await container.getRegistration('/'))) await container.register(SERVICE_WORKER_URL, { scope: '/' });
  return container.ready;
}

/** This device's subscription, if the app's worker has one (without registering a worker). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission === 'granted' && (await currentSubscription())) return 'on';
  return 'off';
}

/** A base64url VAPID key as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * The server's VAPID key as the contract's `pushKeySchema` reads it, without zod: a device is handed
 * over again on every signed-in page once it is idle (push.test.ts holds the two equal).
 */
export const pushKeyReader: Reader<{ public_key: string }> = object({ public_key: str });

/**
 * The browser's subscription to the server, as this session's device (the same endpoint: replaced).
 * Only the fields the contract's `pushSubscriptionRequest` names are sent; the server checks them by it.
 */
async function handOver(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  const body: PushSubscriptionRequest = {
    endpoint: endpoint ?? '',
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  };
  await http.request(apiPath(PUSH_SUBSCRIPTIONS_PATH), { method: 'POST', body, toast: 'none' });
}

/**
 * At each start of the signed-in app, a device the browser still holds a subscription for (push
 * allowed earlier) is handed to the server again: a device belongs to the session that subscribed
 * it, so after signing in again (say, after 'sign out everywhere' on another device) it is pushed to
 * again without asking. Never asks for permission; does nothing where push is off.
 */
export async function syncPushDevice(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await handOver(subscription);
}

/** What turning push on came to: on, or the reader did not allow it (blocked, or the prompt closed). */
export type TurnOnResult = 'on' | 'blocked' | 'dismissed';

/**
 * Turns push on for this device. Asks for permission (so only ever from a click), subscribes with
 * the server's key, then hands the subscription to the server; if the server does not take it, the
 * browser's subscription is dropped again, so the two never disagree.
 */
export async function turnOnPush(): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const [registration, { data }] = await Promise.all([
    activeRegistration(),
    http.request(apiPath(PUSH_KEY_PATH), { schema: pushKeyReader, toast: 'none' }),
  ]);
  const key = keyBytes(data.public_key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's was replaced) cannot be pushed to: a new one.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  try {
    await handOver(subscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/**
 * Turns push off for this device: the server forgets the subscription, then the browser drops it.
 * The browser's side happens even if the server cannot be told: its push service then answers the
 * server's next push 410, and the server prunes it.
 */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await http.request(apiPath(PUSH_SUBSCRIPTIONS_PATH), {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      toast: 'none',
    });
  } finally {
    await subscription.unsubscribe().catch(() => false);
  }
}

/** At sign-out, before the session ends (the server needs it to know whose subscription it is). */
export async function forgetPushDevice(): Promise<void> {
  try {
    await turnOffPush();
  } catch {
    // Signing out goes on: the browser's subscription is dropped all the same (turnOffPush).
  }
}
