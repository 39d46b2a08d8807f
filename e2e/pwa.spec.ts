import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PushPayload } from '@makan/contract/notifications';
import { type BrowserContext, type CDPSession, chromium, expect, type Page, test } from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { openSignedIn } from './session.ts';
import { interactive, type Language, openAs, snap } from './support.ts';

/**
 * The installable app (issue 22): Chromium finds nothing missing to install it, its manifest follows
 * the app's language, the service worker keeps the app so that it opens offline on its offline screen,
 * and shows a push in the recipient's language, a click on which leads into the app.
 */

/** Waits until the service worker has installed (its files cached) and controls the page. */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** The worker's registration id, as CDP names it for ServiceWorker.deliverPushMessage. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => !registration.isDeleted && registration.scopeURL === `${origin}/`,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function manifestOf(cdp: CDPSession) {
  const manifest = await cdp.send('Page.getAppManifest');
  return { url: manifest.url, errors: manifest.errors, data: JSON.parse(manifest.data ?? '{}') };
}

test('Chromium reports nothing missing to install the app, and its manifest follows the language', async ({
  baseURL,
}, testInfo) => {
  // A profile on disk: Chromium installs nothing from an incognito profile (Playwright's usual contexts),
  // and says so ('in-incognito').
  const profile = mkdtempSync(path.join(tmpdir(), 'makan-e2e-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await installable(context, page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(context: BrowserContext, page: Page) {
  await openAs(page, '/about');
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const english = await manifestOf(cdp);
  expect(english.url).toMatch(/\/manifest-en\.webmanifest$/);
  expect(english.errors).toEqual([]);
  expect(english.data).toMatchObject({ name: 'Makan', lang: 'en', dir: 'ltr', display: 'standalone' });

  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await interactive(page);
  // The page names the other manifest at once; when Chromium reads a changed link again is its own
  // affair (a CI run missed it for 20 s). Opened again, the Arabic page is served naming the Arabic
  // manifest in its HTML (the prerendered shell of its language), read from the start.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /\/manifest-ar\.webmanifest$/);
  await page.reload();
  await interactive(page);
  await expect
    .poll(async () => (await manifestOf(cdp)).url, { timeout: 20_000 })
    .toMatch(/\/manifest-ar\.webmanifest$/);
  const arabic = await manifestOf(cdp);
  expect(arabic.errors).toEqual([]);
  expect(arabic.data).toMatchObject({ name: 'مكان', short_name: 'مكان', lang: 'ar', dir: 'rtl' });
  expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

  // The browser's bars follow the app's theme toggle.
  const themeColor = page.locator('meta[name="theme-color"]');
  await expect(themeColor).toHaveAttribute('content', '#ffffff');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(themeColor).toHaveAttribute('content', '#020617');
}

const OFFLINE: Record<Language, { title: string; stillOffline: string; about: string }> = {
  en: {
    title: "You're offline",
    stillOffline: 'Still no connection. Try again in a moment.',
    about: 'About Makan',
  },
  ar: {
    title: 'أنت غير متصل بالإنترنت',
    stillOffline: 'لا يوجد اتصال بعد. حاول مجددًا بعد قليل.',
    about: 'عن مكان',
  },
};

for (const language of ['en', 'ar'] as Language[]) {
  test(`the installed app opens offline on its offline screen, and comes back online (${language})`, async ({
    page,
    context,
  }) => {
    await openAs(page, '/about', { language });
    await controlled(page);

    await context.setOffline(true);
    await page.reload();
    // The worker answered with the shell it keeps (it marks the page so), and the app drew it.
    await expect(page.locator('html')).toHaveAttribute('data-offline', '');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const screen = page.getByTestId('offline-screen');
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText(OFFLINE[language].title);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await snap(page, `pwa-offline-${language}`);
    await screen.getByRole('button').click();
    await expect(screen.getByRole('status')).toHaveText(OFFLINE[language].stillOffline);

    // Nothing was left spinning: back online, the page itself comes back without a reload.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(OFFLINE[language].about);
    await expect(screen).toHaveCount(0);
  });
}

/** Delivers `payload` to the page's service worker as a push service would, over CDP. */
async function push(context: BrowserContext, page: Page, payload: PushPayload) {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, origin);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: id,
    data: JSON.stringify(payload),
  });
}

test('a push shows its notification in its language, and a click leads the open app to its page', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await openAs(page, '/about', { language: 'ar' });
  await controlled(page);

  const payload: PushPayload = {
    title: 'سارة أعجبت بإعلانك',
    body: 'مكتب في العليا، الرياض',
    url: '/faq',
    tag: 'like:12',
    lang: 'ar',
  };
  await push(context, page, payload);
  const shown = async () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        lang: n.lang,
        dir: n.dir,
        icon: n.icon,
        data: n.data as unknown,
      }));
    });
  await expect.poll(shown).toHaveLength(1);
  expect(await shown()).toEqual([
    {
      title: payload.title,
      body: payload.body,
      tag: 'like:12',
      lang: 'ar',
      dir: 'rtl',
      icon: `${baseURL}/icons/icon-192.png`,
      data: { url: `${baseURL}/faq` },
    },
  ]);

  // A newer push of the same group replaces the older one on the device.
  await push(context, page, { ...payload, title: 'سارة وعمر أعجبا بإعلانك' });
  await expect.poll(async () => (await shown()).map((n) => n.title)).toEqual(['سارة وعمر أعجبا بإعلانك']);

  // A click (dispatched in the worker, as Chromium would on a click on the notification): the
  // notification closes and the open window goes to its page inside the app, without a reload.
  await page.evaluate(() => {
    (window as unknown as { beforeClick: boolean }).beforeClick = true;
  });
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    const NotificationEventClass = (
      self as unknown as {
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      }
    ).NotificationEvent;
    if (!notification) throw new Error('no notification');
    scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(`${baseURL}/faq`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأسئلة الشائعة');
  expect(await page.evaluate(() => (window as unknown as { beforeClick?: boolean }).beforeClick)).toBe(true);
  await expect.poll(shown).toEqual([]);
});

for (const language of ['en', 'ar'] as Language[]) {
  test(`Settings says why push helps before asking, and how to allow it once blocked (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const member = await freshAccount(page.request, 'Pia Push', { language });
    await openSignedIn(page, member.email, '/settings?section=notifications', { language });
    const panel = page.getByTestId('push-device');
    await expect(panel).toHaveAttribute('data-state', 'off');
    await expect(panel.getByRole('button')).toHaveText(language === 'ar' ? 'تفعيل' : 'Turn on');
    await expect(page.getByTestId('notification-preferences')).toBeInViewport();
    await snap(page, `pwa-push-settings-${language}`);

    // The reader blocked notifications in the browser's own settings: the panel says how to undo it.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: baseURL,
      browserContextId: targetInfo.browserContextId,
    });
    await page.reload();
    await expect(panel).toHaveAttribute('data-state', 'blocked');
    await expect(panel.getByRole('button')).toHaveCount(0);
    await expect(panel).toContainText(language === 'ar' ? 'الإشعارات محظورة' : 'Notifications are blocked');
  });
}

/** Where the page's service workers stand, for a failure's message. */
const workersState = (page: Page) =>
  page
    .evaluate(async () => {
      const container = navigator.serviceWorker;
      const registration = await container.getRegistration('/');
      const name = (worker: ServiceWorker | null | undefined) =>
        worker ? `${new URL(worker.scriptURL).search || '(first build)'} ${worker.state}` : 'none';
      return [
        `controller ${name(container.controller)}`,
        `active ${name(registration?.active)}`,
        `waiting ${name(registration?.waiting)}`,
        `installing ${name(registration?.installing)}`,
        `page ${location.href} titled "${document.title}"`,
      ].join(', ');
    })
    .catch((error: Error) => `not readable (${error.message.split('\n')[0]})`);

/** The script of the worker that controls the page now. */
const controllerScript = (page: Page) =>
  page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? 'about:blank').search);

test('a new worker waits while another window uses the old one, and takes over on the next visit', async ({
  page,
  context,
}) => {
  // The new build is played by the same worker under another address (the browser takes it for a new
  // script). The app registers /sw.js again on every load, which would replace that stand-in with the
  // file the server has: here, a registration already there is kept, as it is when the server's
  // /sw.js is the new build. The test registers its stand-in with the browser's own method.
  await context.addInitScript(() => {
    const prototype = ServiceWorkerContainer.prototype;
    const register = prototype.register;
    Object.assign(window, { registerWorker: register });
    prototype.register = function (this: ServiceWorkerContainer, url, options) {
      return this.getRegistration('/').then((existing) => existing ?? register.call(this, url, options));
    };
  });
  await openAs(page, '/about');
  await controlled(page);
  const other = await context.newPage();
  await other.goto('/faq');
  await controlled(other);
  expect(await controllerScript(page), 'the first window, before the new build').toBe('');

  // A new build's worker (the same file under another address is a new script to the browser): it
  // installs in the background and waits, as no skipWaiting is called behind the open windows' backs.
  await page.evaluate(async () => {
    const { registerWorker } = window as unknown as { registerWorker: ServiceWorkerContainer['register'] };
    const registration = await registerWorker.call(navigator.serviceWorker, '/sw.js?build=2', { scope: '/' });
    await new Promise<void>((resolve) => {
      const waiting = () => (registration.waiting ? resolve() : setTimeout(waiting, 50));
      waiting();
    });
  });
  expect(await controllerScript(page), 'the first window, the new build waiting').toBe('');
  // A reload while the other window is open: still the old worker, so that window never gets chunks
  // of another build.
  await page.reload();
  await controlled(page);
  expect(await controllerScript(page), 'the first window, reloaded while the other is open').toBe('');
  expect(await controllerScript(other), 'the other window').toBe('');

  // The other window closed, the one left reloads: the next visit is the new build's.
  await other.close();
  // The browser forgets the closed window's client a moment after the window itself. Asked of the
  // worker in charge, the way it asks when a navigation comes (the new one, waiting, controls no
  // window and may see the closed one gone sooner: asking it let the reload come too early).
  const worker = context.serviceWorkers().find((each) => new URL(each.url()).search === '');
  if (!worker) throw new Error('no service worker in charge');
  await expect
    .poll(
      () =>
        worker.evaluate(async () => {
          const scope = self as unknown as {
            clients: { matchAll(options: object): Promise<readonly unknown[]> };
          };
          return (await scope.clients.matchAll({ type: 'window' })).length;
        }),
      // The browser's own bookkeeping, slower on a loaded machine.
      { timeout: 15_000 },
    )
    .toBe(1);
  await page.reload();
  // (The page it gets first is blank and loads itself again once the new worker holds it: asked
  // mid-way, there is no page to answer.) On a loaded machine the new worker may take seconds to start
  // and take over; should it never, the failure says where the workers and the page stood.
  try {
    await expect
      .poll(() => controllerScript(page).catch(() => 'reloading'), { timeout: 30_000 })
      .toBe('?build=2');
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\nservice workers then: ${await workersState(page)}`);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Makan');
});
