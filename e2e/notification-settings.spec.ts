import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { openSignedIn } from './session.ts';
import { type Language, snapBothThemes } from './support.ts';

/**
 * Notification settings (issue 22), in each language: the Settings section lists each kind with its
 * three switches at their defaults; a change is saved at once and is still there after a reload.
 */

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

for (const language of ['en', 'ar'] as Language[]) {
  test(`notification switches are saved per kind and channel (${language})`, async ({ page }) => {
    const member = await freshAccount(api, 'Salma Settings', { language });
    await openSignedIn(page, member.email, '/settings?section=notifications', { language });
    const section = page.getByTestId('notification-preferences');
    await expect(section).toBeInViewport();
    const likeEmail = section.getByTestId('notification-pref-like-email');
    const messageApp = section.getByTestId('notification-pref-message-in_app');
    await expect(likeEmail).toHaveAttribute('aria-checked', 'false');
    await expect(messageApp).toHaveAttribute('aria-checked', 'true');
    await snapBothThemes(page, `notification-settings-${language}`, async () => {
      await expect(page.getByTestId('notification-preferences')).toBeVisible();
    });

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT',
    );
    await likeEmail.click();
    expect((await saved).status()).toBe(200);
    await expect(likeEmail).toHaveAttribute('aria-checked', 'true');

    await page.reload();
    await expect(page.getByTestId('notification-pref-like-email')).toHaveAttribute('aria-checked', 'true');
    const stored = await api.get('/api/notifications/preferences', {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect((await stored.json()).data.preferences[0]).toEqual({
      kind: 'like',
      in_app: true,
      push: false,
      email: true,
    });
  });
}
