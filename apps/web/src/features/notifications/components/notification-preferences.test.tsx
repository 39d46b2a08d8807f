import { PREFERENCE_KINDS } from '@makan/contract/notifications';
import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyBytes } from '../../../lib/push.ts';
import { getItem } from '../../../lib/storage.ts';
import { fail, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import {
  fakePushBrowser,
  removePushBrowser,
  subscriptionJson,
  VAPID_KEY,
} from '../../../test/push-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** Settings › Notifications (issue 22): a switch per kind and channel, each saved at once. */

const fetchMock = mockFetch();

/** Not what a new account gets, so the switches can only show it if they read it from the server. */
const saved = {
  preferences: [
    { kind: 'like', in_app: true, push: true, email: false },
    { kind: 'comment', in_app: false, push: false, email: true },
    { kind: 'reply', in_app: true, push: false, email: true },
    { kind: 'mention', in_app: false, push: true, email: false },
    { kind: 'follow', in_app: false, push: true, email: false },
    { kind: 'message', in_app: true, push: false, email: false },
    { kind: 'listing', in_app: false, push: false, email: false },
    { kind: 'post', in_app: true, push: true, email: true },
  ],
};

const presence = { 'GET /api/chat/settings': () => ok({ show_presence: true }) };
const getPreferences = { 'GET /api/notifications/preferences': () => ok(saved) };

const prefSwitch = (kind: string, channel: string) =>
  screen.getByTestId(`notification-pref-${kind}-${channel}`);

/** The settings page, signed in, once the saved preferences are on the switches. */
async function openSettings(path = '/settings', language: 'en' | 'ar' = 'en') {
  renderRoute(path, language);
  const section = await screen.findByTestId('notification-preferences');
  await waitFor(() => expect(prefSwitch('like', 'in_app')).toBeEnabled());
  return section;
}

describe('notification preferences in settings', () => {
  it('lists the eight kinds, each with its three switches as the server has them', async () => {
    signIn();
    routeFetch(fetchMock, { ...presence, ...getPreferences });
    const section = await openSettings();
    expect(
      within(section).getByText(
        "Choose what we tell you about, and how. Moderators' notices always reach you.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const labels = [
      'Likes on your listings',
      'Comments on your listings',
      'Replies to your comments',
      'Mentions of you',
      'New followers',
      'New messages',
      'Changes to listings you saved',
      'New listings from people you follow',
    ];
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(labels);
    for (const [index, kind] of PREFERENCE_KINDS.entries()) {
      const row = saved.preferences[index];
      expect(prefSwitch(kind, 'in_app')).toHaveAttribute('aria-checked', String(row?.in_app));
      expect(prefSwitch(kind, 'push')).toHaveAttribute('aria-checked', String(row?.push));
      expect(prefSwitch(kind, 'email')).toHaveAttribute('aria-checked', String(row?.email));
    }
    // Each switch is named by its kind and its channel.
    expect(within(section).getAllByRole('switch')).toHaveLength(24);
    expect(screen.getByRole('switch', { name: 'Likes on your listings, in the app' })).toBe(
      prefSwitch('like', 'in_app'),
    );
    expect(screen.getByRole('switch', { name: 'New messages, by email' })).toBe(
      prefSwitch('message', 'email'),
    );
    expect(screen.getByRole('switch', { name: 'Mentions of you, as a push notification' })).toBe(
      prefSwitch('mention', 'push'),
    );
  });

  it('saves a switch at once: email for likes sends that kind only, and says so', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      'PUT /api/notifications/preferences': () =>
        ok(
          {
            preferences: saved.preferences.map((row) =>
              row.kind === 'like' ? { ...row, email: true } : row,
            ),
          },
          TEXT.notificationPreferencesSaved,
        ),
    });
    await openSettings();
    const user = userEvent.setup();
    await user.click(prefSwitch('like', 'email'));
    expect(prefSwitch('like', 'email')).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText(TEXT.notificationPreferencesSaved)).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveAttribute('data-tone', 'success');
    expect(calls.filter((c) => c.route === 'PUT /api/notifications/preferences').map((c) => c.body)).toEqual([
      { preferences: [{ kind: 'like', in_app: true, push: true, email: true }] },
    ]);
    expect(prefSwitch('like', 'email')).toHaveAttribute('aria-checked', 'true');
    expect(prefSwitch('like', 'in_app')).toHaveAttribute('aria-checked', 'true');
  });

  it('moves the switch back, and says why, when the save fails', async () => {
    signIn();
    let answer!: (response: Response) => void;
    routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      'PUT /api/notifications/preferences': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openSettings();
    const user = userEvent.setup();
    await user.click(prefSwitch('follow', 'in_app'));
    // Moved before the server answers.
    expect(prefSwitch('follow', 'in_app')).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(answer).toBeDefined());
    answer(fail(500, { message: 'Server error' }));
    await waitFor(() => expect(prefSwitch('follow', 'in_app')).toHaveAttribute('aria-checked', 'false'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-tone', 'error');
    expect(toast).not.toHaveTextContent(TEXT.notificationPreferencesSaved);
    expect(prefSwitch('follow', 'email')).toHaveAttribute('aria-checked', 'false');
  });

  it('saves one switch after another, and a failure moves back only its own', async () => {
    signIn();
    const answers: Array<(response: Response) => void> = [];
    const calls = routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      'PUT /api/notifications/preferences': () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    });
    await openSettings();
    const user = userEvent.setup();
    await user.click(prefSwitch('like', 'email'));
    await user.click(prefSwitch('reply', 'in_app'));
    expect(prefSwitch('like', 'email')).toHaveAttribute('aria-checked', 'true');
    expect(prefSwitch('reply', 'in_app')).toHaveAttribute('aria-checked', 'false');
    const puts = () => calls.filter((c) => c.route === 'PUT /api/notifications/preferences');
    await waitFor(() => expect(puts()).toHaveLength(1));
    // The second waits for the first: the server applies them in the order they were made.
    answers[0]?.(fail(503, { message: 'Unavailable' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(prefSwitch('like', 'email')).toHaveAttribute('aria-checked', 'false');
    expect(prefSwitch('reply', 'in_app')).toHaveAttribute('aria-checked', 'false');
    answers[1]?.(
      ok(
        {
          preferences: saved.preferences.map((row) =>
            row.kind === 'reply' ? { ...row, in_app: false } : row,
          ),
        },
        TEXT.notificationPreferencesSaved,
      ),
    );
    expect(await screen.findByText(TEXT.notificationPreferencesSaved)).toBeInTheDocument();
    expect(puts().map((c) => c.body)).toEqual([
      { preferences: [{ kind: 'like', in_app: true, push: true, email: true }] },
      { preferences: [{ kind: 'reply', in_app: false, push: false, email: true }] },
    ]);
    expect(prefSwitch('reply', 'in_app')).toHaveAttribute('aria-checked', 'false');
    expect(prefSwitch('like', 'email')).toHaveAttribute('aria-checked', 'false');
  });

  it('is in Arabic in the Arabic app', async () => {
    signIn();
    routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      'PUT /api/notifications/preferences': () => ok(saved, TEXT.notificationPreferencesSaved),
    });
    const section = await openSettings('/settings', 'ar');
    expect(
      within(section).getByText('اختر ما نخبرك به وكيف. إشعارات المشرفين تصلك دائمًا.'),
    ).toBeInTheDocument();
    for (const label of [
      'الإعجابات بإعلاناتك',
      'التعليقات على إعلاناتك',
      'الردود على تعليقاتك',
      'الإشارات إليك',
      'المتابعون الجدد',
      'الرسائل الجديدة',
      'تغييرات الإعلانات التي حفظتها',
      'إعلانات جديدة ممن تتابعهم',
    ]) {
      expect(within(section).getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'الإعجابات بإعلاناتك، في التطبيق' })).toBe(
      prefSwitch('like', 'in_app'),
    );
    expect(screen.getByRole('switch', { name: 'الرسائل الجديدة، بالبريد الإلكتروني' })).toBe(
      prefSwitch('message', 'email'),
    );
    await userEvent.setup().click(prefSwitch('like', 'in_app'));
    expect(await screen.findByText('تم حفظ إعدادات الإشعارات')).toBeInTheDocument();
  });

  it('shows why the preferences could not be read, and reads them again on Retry', async () => {
    signIn();
    let failing = true;
    routeFetch(fetchMock, {
      ...presence,
      'GET /api/notifications/preferences': () =>
        failing ? fail(500, { message: 'Server error' }) : ok(saved),
    });
    renderRoute('/settings');
    const section = await screen.findByTestId('notification-preferences');
    const alert = await within(section).findByRole('alert');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(prefSwitch('comment', 'email')).toBeEnabled());
    expect(prefSwitch('comment', 'in_app')).toHaveAttribute('aria-checked', 'false');
  });

  it('is not there for a signed-out visitor', async () => {
    renderRoute('/settings');
    await screen.findByTestId('settings-page');
    expect(screen.queryByTestId('notification-preferences')).not.toBeInTheDocument();
  });
});

describe('a link to the notifications section', () => {
  const scrolled = vi.fn();
  beforeEach(() => {
    // jsdom does not scroll; the element it is called on is what matters.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
  });
  afterEach(() => {
    scrolled.mockReset();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it.each(['/settings?section=notifications', '/settings#notifications'])(
    '%s scrolls it into view',
    async (path) => {
      signIn();
      routeFetch(fetchMock, { ...presence, ...getPreferences });
      await openSettings(path);
      await waitFor(() => expect(scrolled).toHaveBeenCalledWith('notifications'));
    },
  );

  it('leaves the page where it is without one', async () => {
    signIn();
    routeFetch(fetchMock, { ...presence, ...getPreferences });
    await openSettings();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrolled).not.toHaveBeenCalled();
  });
});

describe('push notifications on this device', () => {
  afterEach(removePushBrowser);

  const pushKey = { 'GET /api/push/key': () => ok({ public_key: VAPID_KEY }) };
  const subscriptionCalls = (calls: { route: string; body: unknown }[]) =>
    calls.filter((c) => c.route.endsWith(' /api/push/subscriptions'));

  it('says why before asking, asks only on the click, then subscribes and tells the server', async () => {
    signIn();
    const browser = fakePushBrowser();
    const calls = routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      ...pushKey,
      'POST /api/push/subscriptions': () => ok(null, undefined, 201),
    });
    await openSettings();
    const panel = screen.getByTestId('push-device');
    expect(
      within(panel).getByRole('heading', { name: 'Push notifications on this device' }),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('Get told of messages and replies even when Makan is closed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'off'));
    // Nothing is asked of the browser until the reader asks for it.
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Turn on' }));
    expect(await within(panel).findByText('Push notifications are on for this device.')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(VAPID_KEY),
    });
    expect(keyBytes(VAPID_KEY)).toHaveLength(65);
    expect(subscriptionCalls(calls)).toEqual([
      expect.objectContaining({
        route: 'POST /api/push/subscriptions',
        body: { endpoint: subscriptionJson.endpoint, keys: subscriptionJson.keys },
      }),
    ]);
    expect(within(panel).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns off: the server forgets the subscription, then the browser drops it', async () => {
    signIn();
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const calls = routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      // The signed-in app hands the device to its session at start (syncPushDevice).
      'POST /api/push/subscriptions': () => ok(null, undefined, 201),
      'DELETE /api/push/subscriptions': () => new Response(null, { status: 204 }),
    });
    await openSettings();
    const panel = screen.getByTestId('push-device');
    await userEvent.setup().click(await within(panel).findByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'off'));
    expect(
      subscriptionCalls(calls)
        .filter((c) => c.route.startsWith('DELETE'))
        .map((c) => [c.route, c.body]),
    ).toEqual([['DELETE /api/push/subscriptions', { endpoint: subscriptionJson.endpoint }]]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(within(panel).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('says how to allow notifications again when the browser blocks them, and asks nothing', async () => {
    signIn();
    const browser = fakePushBrowser({ permission: 'denied' });
    routeFetch(fetchMock, { ...presence, ...getPreferences });
    await openSettings();
    const panel = screen.getByTestId('push-device');
    expect(
      await within(panel).findByText(/Notifications are blocked for Makan in this browser/),
    ).toHaveTextContent('set Notifications to Allow');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('becomes the blocked state when the prompt is answered Block, and stays off when it is closed', async () => {
    signIn();
    const browser = fakePushBrowser({ answer: 'default' });
    routeFetch(fetchMock, { ...presence, ...getPreferences, ...pushKey });
    await openSettings();
    const panel = screen.getByTestId('push-device');
    const user = userEvent.setup();
    await user.click(await within(panel).findByRole('button', { name: 'Turn on' }));
    expect(
      await within(panel).findByText(
        'Notifications were not allowed. You can turn them on here whenever you like.',
      ),
    ).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    browser.notification.requestPermission.mockImplementation(async () => {
      browser.notification.permission = 'denied';
      return 'denied';
    });
    await user.click(within(panel).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'blocked'));
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('drops the browser subscription again when the server does not take it, and says so', async () => {
    signIn();
    const browser = fakePushBrowser();
    routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      ...pushKey,
      'POST /api/push/subscriptions': () => fail(500, { message: 'Server error' }),
    });
    await openSettings();
    const panel = screen.getByTestId('push-device');
    await userEvent.setup().click(await within(panel).findByRole('button', { name: 'Turn on' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      "We couldn't change push notifications on this device. Please try again.",
    );
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(panel).toHaveAttribute('data-state', 'off');
  });

  it('says so where the browser has no push', async () => {
    signIn();
    routeFetch(fetchMock, { ...presence, ...getPreferences });
    await openSettings();
    const panel = screen.getByTestId('push-device');
    expect(
      await within(panel).findByText(/This browser cannot receive push notifications/),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is in Arabic in the Arabic app', async () => {
    signIn();
    fakePushBrowser({ permission: 'granted', subscribed: true });
    routeFetch(fetchMock, { ...presence, ...getPreferences });
    await openSettings('/settings', 'ar');
    const panel = screen.getByTestId('push-device');
    expect(
      within(panel).getByRole('heading', { name: 'الإشعارات الفورية على هذا الجهاز' }),
    ).toBeInTheDocument();
    expect(await within(panel).findByText('الإشعارات الفورية مفعّلة على هذا الجهاز.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'إيقاف' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'الإشارات إليك، كإشعار فوري' })).toBe(
      prefSwitch('mention', 'push'),
    );
  });

  it("signing out forgets this device's subscription first, while the session is still there", async () => {
    signIn();
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const calls = routeFetch(fetchMock, {
      ...presence,
      ...getPreferences,
      'DELETE /api/push/subscriptions': () => new Response(null, { status: 204 }),
      'POST /api/auth/logout': () => ok(null),
    });
    await openSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(getItem('auth_token')).toBeNull());
    const routes = calls.map((c) => c.route);
    expect(routes.indexOf('DELETE /api/push/subscriptions')).toBeGreaterThan(-1);
    expect(routes.indexOf('DELETE /api/push/subscriptions')).toBeLessThan(
      routes.indexOf('POST /api/auth/logout'),
    );
    const deleted = calls.find((c) => c.route === 'DELETE /api/push/subscriptions');
    expect(new Headers(deleted?.init?.headers).get('Authorization')).toBe('Bearer test-token');
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
