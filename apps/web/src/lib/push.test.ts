import { pushKeySchema } from '@makan/contract/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, routeFetch } from '../test/auth-fixtures.ts';
import { fakePushBrowser, removePushBrowser, subscriptionJson } from '../test/push-fixtures.ts';
import { itReadsAsItsSchema } from '../test/reader-equivalence.ts';
import { mockFetch, signIn } from '../test/render.tsx';
import { pushKeyReader, syncPushDevice } from './push.ts';

/** A device belongs to its session (issue 22): the signed-in app hands it over at each start. */

const fetchMock = mockFetch();

afterEach(() => {
  removePushBrowser();
  vi.unstubAllGlobals();
});

describe('syncPushDevice', () => {
  it('hands the browser’s subscription to this session, asking nothing', async () => {
    signIn();
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const calls = routeFetch(fetchMock, { 'POST /api/push/subscriptions': () => ok(null, undefined, 201) });
    await syncPushDevice();
    expect(calls.map((c) => c.route)).toEqual(['POST /api/push/subscriptions']);
    expect(calls[0]?.body).toEqual({ endpoint: subscriptionJson.endpoint, keys: subscriptionJson.keys });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('does nothing where push was never allowed, or the browser holds no subscription', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {});
    fakePushBrowser({ permission: 'default', subscribed: true });
    await syncPushDevice();
    fakePushBrowser({ permission: 'granted', subscribed: false });
    await syncPushDevice();
    expect(calls).toEqual([]);
  });
});

describe('the push key reader reads as the contract’s schema does', () => {
  itReadsAsItsSchema([['pushKeySchema', pushKeyReader, pushKeySchema]] as const);
});
