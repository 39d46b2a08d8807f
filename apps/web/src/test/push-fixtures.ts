import { vi } from 'vitest';

/** A VAPID public key as the server sends it (base64url, an uncompressed P-256 point). */
export const VAPID_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

export const subscriptionJson = {
  endpoint: 'https://push.example/send/device-1',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

/**
 * A browser with push (jsdom has none): the Notification permission, a service worker registration
 * and its push manager, all in memory. `answer` is what the permission prompt will answer.
 */
export function fakePushBrowser({
  permission = 'default',
  subscribed = false,
  answer = 'granted',
}: {
  permission?: NotificationPermission;
  subscribed?: boolean;
  answer?: NotificationPermission;
} = {}) {
  let current: typeof subscription | null = null;
  const subscription = {
    endpoint: subscriptionJson.endpoint,
    options: { applicationServerKey: null as ArrayBuffer | null, userVisibleOnly: true },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array<ArrayBuffer> }) => {
      subscription.options.applicationServerKey = options.applicationServerKey.slice().buffer;
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  if (subscribed) {
    current = subscription;
    const bytes = Uint8Array.from(atob(VAPID_KEY.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    subscription.options.applicationServerKey = bytes.buffer;
  }
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, notification),
  );
  // The app reads Notification.permission from the stubbed global: keep both in step.
  Object.defineProperty(globalThis.Notification, 'permission', { get: () => notification.permission });
  vi.stubGlobal('PushManager', function PushManager() {});
  const container = {
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    addEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { notification, pushManager, subscription, container };
}

/** Takes the fake away again (stubbed globals go with vi.unstubAllGlobals). */
export function removePushBrowser() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
