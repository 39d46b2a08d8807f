import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { openSignedIn } from './session.ts';
import { type Language, snapBothThemes } from './support.ts';

/**
 * Notifications (issue 22), in each language: with the app open, a second person likes the user's
 * listing and then writes to them; both arrive live in the header's bell (no reload); the
 * notifications page says who did what, leads to it, and 'Mark all as read' empties the bell.
 */

const TEXTS = {
  en: { like: 'liked your listing', message: 'sent you a message' },
  ar: { like: 'بإعلانك', message: 'رسالة' },
} as const;

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

const badge = (page: import('@playwright/test').Page) =>
  page.getByTestId('notifications-bell').getByTestId('notifications-badge');

for (const language of ['en', 'ar'] as Language[]) {
  test(`a like and a message arrive live in the bell; mark all read (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    const owner = await freshAccount(api, 'Reem Offices', { language });
    const visitor = await freshAccount(api, 'Tariq Visitor', { language });
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const created = await api.post('/api/posts', {
      headers: auth(owner.token),
      multipart: { property_type: 'office', description: 'Offices with a view', location: 'Olaya Street' },
    });
    expect(created.status()).toBe(201);
    const postId = (await created.json()).data.id as number;

    await openSignedIn(page, owner.email, '/home', { language });
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    // A like: the bell counts it without a reload.
    expect((await api.post(`/api/posts/${postId}/like`, { headers: auth(visitor.token) })).status()).toBe(
      200,
    );
    await expect(badge(page)).toBeVisible({ timeout: 15_000 });
    await expect(badge(page)).toHaveText('1');

    // A message the owner does not read: it notifies a few seconds later.
    const conversation = await api.post('/api/chat/conversations', {
      headers: auth(visitor.token),
      data: { user_id: owner.user.id },
    });
    const conversationId = (await conversation.json()).data.id as number;
    const sent = await api.post(`/api/chat/conversations/${conversationId}/messages`, {
      headers: auth(visitor.token),
      data: { content: 'Can I visit on Sunday?' },
    });
    expect(sent.status()).toBe(201);
    await expect(badge(page)).toHaveText('2', { timeout: 30_000 });

    // The page: who did what, the latest first.
    await page.getByTestId('notifications-bell').click();
    await expect(page.getByTestId('notifications-page')).toBeVisible();
    const items = page.locator('[data-testid^="notification-"][data-read]');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(TEXTS[language].message);
    await expect(items.nth(0)).toContainText('Can I visit on Sunday?');
    await expect(items.nth(1)).toContainText(TEXTS[language].like);
    await expect(items.nth(1)).toContainText('Tariq Visitor');
    await snapBothThemes(page, `notifications-${language}`, async () => {
      await expect(page.getByTestId('notifications-page')).toBeVisible();
    });

    await page.getByTestId('notifications-mark-all').click();
    await expect(badge(page)).toHaveCount(0);
    await expect(page.locator('[data-testid^="notification-"][data-read="false"]')).toHaveCount(0);

    // An item leads to what it is about.
    await items.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  });
}
