import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { adminEmail, freshAccount } from './accounts.ts';
import { openSignedIn } from './session.ts';
import { type Language, openAs, snapBothThemes } from './support.ts';

/**
 * Reports and moderation (issue 21), in each language: a member reports a listing and its author
 * through the Report buttons; an admin (ADMIN_EMAILS, playwright.config.ts) finds both in the console's
 * queue, removes the listing and suspends the author for 7 days. The author, signed in meanwhile in a
 * browser of their own, is signed out, and the login form tells them until when they are suspended.
 */

const TEXTS = {
  en: { suspended: 'This account is suspended until' },
  ar: { suspended: 'هذا الحساب موقوف حتى' },
} as const;

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

for (const language of ['en', 'ar'] as Language[]) {
  test(`a member reports a listing; an admin removes it and suspends its author, who is signed out (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const author = await freshAccount(api, 'Rami Fakher', { language });
    const reporter = await freshAccount(api, 'Huda Salem', { language });
    const admin = await freshAccount(api, 'Ada Admin', { language, email: adminEmail(language) });
    expect(admin.user.role).toBe('admin');
    const word = `modtest${randomBytes(3).toString('hex')}`;
    const created = await api.post('/api/posts', {
      headers: { authorization: `Bearer ${author.token}` },
      multipart: {
        property_type: 'office',
        description: `Too good to be true ${word}`,
        location: 'King Fahd Road',
      },
    });
    expect(created.status()).toBe(201);
    const postId = (await created.json()).data.id as number;

    // The author is signed in elsewhere all along.
    const authorContext = await browser.newContext();
    const authorPage = await authorContext.newPage();
    await openSignedIn(authorPage, author.email, '/settings', { language });
    await expect(authorPage.getByTestId('settings-page')).toBeVisible();

    // The member reports the listing, then its author.
    await openSignedIn(page, reporter.email, `/post/${postId}`, { language });
    await page.getByTestId('report-post').first().click();
    const dialog = page.getByTestId('report-dialog');
    await dialog.getByTestId('report-reason-fraud').check();
    await dialog.getByTestId('report-submit').click();
    await expect(dialog).toBeHidden();
    await page.goto(`/user/${author.user.id}`);
    await page.getByTestId('report-user').click();
    await page.getByTestId('report-dialog').getByTestId('report-reason-other').check();
    await page
      .getByTestId('report-dialog')
      .getByTestId('report-details')
      .fill('Asks for deposits before any visit');
    await page.getByTestId('report-dialog').getByTestId('report-submit').click();
    await expect(page.getByTestId('report-dialog')).toBeHidden();

    // The admin's console: both in the queue; the listing is removed with a reason.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await openSignedIn(adminPage, admin.email, '/admin', { language });
    const listingItem = adminPage.getByTestId(`queue-item-post-${postId}`);
    await expect(listingItem).toBeVisible();
    await expect(adminPage.getByTestId(`queue-item-user-${author.user.id}`)).toBeVisible();
    await snapBothThemes(adminPage, `moderation-queue-${language}`, async () => {
      await expect(adminPage.getByTestId(`queue-item-post-${postId}`)).toBeVisible();
    });
    await adminPage.getByTestId(`queue-item-post-${postId}`).getByTestId('queue-open').click();
    await expect(adminPage.getByTestId('case-content')).toContainText(word);
    await adminPage.getByTestId('action-remove').click();
    await adminPage.getByTestId('moderation-reason').fill('Asks for money before a visit');
    await adminPage.getByTestId('moderation-action-confirm').click();
    await expect(adminPage.getByTestId('moderation-action-dialog')).toBeHidden();

    // Then the author: suspended for 7 days.
    await adminPage.goto('/admin');
    await adminPage.getByTestId(`queue-item-user-${author.user.id}`).getByTestId('queue-open').click();
    await expect(adminPage.getByTestId('case-reports')).toContainText('Asks for deposits before any visit');
    await adminPage.getByTestId('action-suspend').click();
    await adminPage.getByTestId('suspend-days').fill('7');
    await adminPage.getByTestId('moderation-reason').fill('Fraudulent listings');
    await adminPage.getByTestId('moderation-action-confirm').click();
    await expect(adminPage.getByTestId('moderation-action-dialog')).toBeHidden();

    // The listing is gone for everyone.
    await page.goto(`/search?q=${word}`);
    await expect(page.getByTestId(`post-${postId}`)).toHaveCount(0);

    // The author's open session is over: the next page asks them to log in, and logging in says why.
    await authorPage.goto('/home');
    await expect(authorPage).toHaveURL(/\/login/);
    await openAs(authorPage, '/login', { language });
    await authorPage.getByTestId('login-identifier').fill(author.email);
    await authorPage.getByTestId('login-password').fill(author.password);
    await authorPage.getByTestId('login-submit').click();
    await expect(authorPage.getByText(TEXTS[language].suspended)).toBeVisible();
    await expect(authorPage).toHaveURL(/\/login/);
    await authorContext.close();
    await adminContext.close();
  });
}
