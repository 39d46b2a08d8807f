import { expect, test } from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { MATRIX, openSignedIn } from './session.ts';
import { snap } from './support.ts';

// Issue 19: 'Online' under the other person's name showed the reader's own connection. It is the
// other person's presence now, from the server: online while they have the app open, 'Last seen'
// once they leave, nothing at all once they hide it.
const TEXTS = {
  en: { online: 'Online', justNow: 'Last seen just now' },
  ar: { online: 'متصل الآن', justNow: 'آخر ظهور قبل لحظات' },
} as const;

for (const { language, device } of MATRIX) {
  test(`the chat shows the other person's presence, and hides it when they ask (${language}, ${device.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(device.viewport);
    const texts = TEXTS[language];
    // Accounts of their own: whether someone is online must not depend on the journeys beside this one.
    const reader = await freshAccount(page.request, 'Hala Reader');
    const other = await freshAccount(page.request, 'Karim Other');
    const opened = await page.request.post('/api/chat/conversations', {
      headers: { authorization: `Bearer ${reader.token}` },
      data: { user_id: other.user.id },
    });
    expect(opened.ok(), await opened.text()).toBe(true);
    const conversation = ((await opened.json()) as { data: { id: number } }).data.id;

    await openSignedIn(page, reader.email, `/chat/${conversation}`, { language });
    await expect(page.getByTestId('thread-name')).toHaveText(other.user.name);
    // Never seen yet: nothing is claimed.
    const presence = page.getByTestId('chat-presence');
    await expect(presence).toHaveCount(0);

    // The other person opens the app: online, without the reader reloading.
    const otherContext = await browser.newContext({ viewport: device.viewport });
    const otherPage = await otherContext.newPage();
    await openSignedIn(otherPage, other.email, '/home', { language });
    await expect(presence).toHaveText(texts.online);
    await expect(presence).toHaveAttribute('data-online', 'true');
    await snap(page, `first-use-presence-online-${language}-${device.name}`);

    // They leave: last seen just now.
    await otherContext.close();
    await expect(presence).toHaveText(texts.justNow, { timeout: 15_000 });
    await expect(presence).toHaveAttribute('data-online', 'false');

    // They come back and hide their presence in the settings: the reader sees nothing, although
    // they are online.
    const hiddenContext = await browser.newContext({ viewport: device.viewport });
    const hiddenPage = await hiddenContext.newPage();
    await openSignedIn(hiddenPage, other.email, '/settings', { language });
    await expect(presence).toHaveText(texts.online);
    const toggle = hiddenPage.getByTestId('presence-switch');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(presence).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('thread-name')).toHaveText(other.user.name);
    await expect(presence).toHaveCount(0);
    await snap(page, `first-use-presence-hidden-${language}-${device.name}`);
    await hiddenContext.close();
  });
}
