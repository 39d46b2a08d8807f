import { pushPayload } from '@makan/contract/notifications';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  type AppWindow,
  appUrl,
  isPushPayload,
  markOffline,
  NAVIGATE_MESSAGE,
  notificationFor,
  openFromNotification,
  readPushData,
  shouldHandOver,
  strategyFor,
} from './worker-logic.ts';

const origin = 'https://makan.example';
const precached = new Set(['/index.html', '/boot.js', '/icons/icon-192.png', '/manifest-ar.webmanifest']);
const get = (url: string, mode = 'cors') => ({ method: 'GET', url: `${origin}${url}`, mode });

describe('what the worker answers from where', () => {
  it('pages: network first, the cached shell offline', () => {
    expect(strategyFor(get('/home', 'navigate'), origin, precached)).toBe('navigation');
    expect(strategyFor(get('/post/12?x=1', 'navigate'), origin, precached)).toBe('navigation');
  });

  it('hashed assets from the cache; other files it keeps from the network first', () => {
    expect(strategyFor(get('/assets/index-abc.js', 'cors'), origin, precached)).toBe('asset');
    expect(strategyFor(get('/assets/font-abc.woff2', 'no-cors'), origin, precached)).toBe('asset');
    expect(strategyFor(get('/boot.js', 'no-cors'), origin, precached)).toBe('static');
    expect(strategyFor(get('/manifest-ar.webmanifest'), origin, precached)).toBe('static');
  });

  it.each([
    ['the API', get('/api/notifications')],
    ['the API, even as a page', get('/api/auth/linkedin', 'navigate')],
    ['the socket', get('/socket.io/?EIO=4&transport=polling')],
    ['media', get('/media/profile_pictures/1.jpg', 'no-cors')],
    ['media as a page', get('/media/posts/1.jpg', 'navigate')],
    ['health checks', get('/health/ready')],
    ['a file it does not keep', get('/robots.txt')],
    ['a kept file with a query', get('/boot.js?v=2')],
    ['another origin', { method: 'GET', url: 'https://cdn.example/assets/x.js', mode: 'cors' }],
    ['a POST', { method: 'POST', url: `${origin}/home`, mode: 'navigate' }],
  ])('never touches %s', (_, request) => {
    expect(strategyFor(request, origin, precached)).toBe('network');
  });

  it('marks the shell it serves offline', () => {
    expect(markOffline('<!doctype html>\n<html lang="en" dir="ltr"><head>')).toBe(
      '<!doctype html>\n<html data-offline lang="en" dir="ltr"><head>',
    );
  });

  it('lets a new worker take over only when the one window left is navigating', () => {
    expect(shouldHandOver(true, 1)).toBe(true);
    expect(shouldHandOver(true, 0)).toBe(true);
    expect(shouldHandOver(true, 2)).toBe(false);
    expect(shouldHandOver(false, 1)).toBe(false);
  });
});

describe('a push', () => {
  const payload = {
    title: 'سارة أعجبت بإعلانك',
    body: 'مكتب في العليا',
    url: '/post/12',
    tag: 'like:12',
    lang: 'ar',
  } as const;

  it('shows its text in its language and direction, and keeps where a click leads', () => {
    expect(notificationFor(payload, origin)).toEqual({
      title: payload.title,
      options: {
        body: payload.body,
        tag: 'like:12',
        lang: 'ar',
        dir: 'rtl',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: `${origin}/post/12` },
      },
    });
    expect(notificationFor({ ...payload, lang: 'en' }, origin).options.dir).toBe('ltr');
  });

  it('leads only into the app: a link elsewhere goes to the notifications page', () => {
    expect(notificationFor({ ...payload, url: 'https://evil.example/x' }, origin).options.data.url).toBe(
      `${origin}/notifications`,
    );
    expect(appUrl('//evil.example/x', origin)).toBe(`${origin}/notifications`);
    expect(appUrl('/chat/5', origin)).toBe(`${origin}/chat/5`);
  });

  it('still shows something when its data cannot be read', () => {
    const broken = { json: () => JSON.parse('{') as unknown };
    expect(readPushData(broken)).toBeUndefined();
    expect(readPushData(null)).toBeUndefined();
    expect(notificationFor(undefined, origin)).toMatchObject({
      title: 'Makan',
      options: { data: { url: `${origin}/notifications` } },
    });
  });

  it("checks a payload as the contract's schema does", () => {
    const field = fc.oneof(fc.string(), fc.constant(undefined), fc.integer(), fc.constant(null));
    const candidate = fc.oneof(
      fc.record({
        title: field,
        body: field,
        url: field,
        tag: field,
        lang: fc.oneof(fc.constantFrom('en', 'ar', 'fr'), field),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(candidate, (data) => {
        expect(isPushPayload(data)).toBe(pushPayload.safeParse(data).success);
      }),
    );
  });
});

describe('a click on a notification', () => {
  const windowAt = (url: string, focused = false) =>
    ({
      url,
      focused,
      focus: vi.fn(async () => undefined),
      postMessage: vi.fn(),
    }) satisfies AppWindow;

  it("brings the app's focused window to the front and sends it to the page", async () => {
    const other = windowAt(`${origin}/home`);
    const focused = windowAt(`${origin}/chat`, true);
    const openWindow = vi.fn(async () => undefined);
    await openFromNotification(`${origin}/post/12`, {
      matchAll: async () => [other, focused],
      openWindow,
    });
    expect(focused.postMessage).toHaveBeenCalledWith({ type: NAVIGATE_MESSAGE, url: `${origin}/post/12` });
    expect(focused.focus).toHaveBeenCalled();
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window there when none of the app is open', async () => {
    const openWindow = vi.fn(async () => undefined);
    await openFromNotification(`${origin}/post/12`, { matchAll: async () => [], openWindow });
    expect(openWindow).toHaveBeenCalledWith(`${origin}/post/12`);
  });
});
