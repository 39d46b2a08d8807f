import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test.describe('redirect rules (spec §2)', () => {
  test('a visitor at / lands on /signup', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a protected page sends a visitor to signup with the intended path', async ({ page }) => {
    await page.goto('/post/42?from=feed');
    await expect(page).toHaveURL(/\/signup\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/post/42?from=feed');
  });

  test('/messages goes to /chat, which a visitor must sign up for', async ({ page }) => {
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/signup\?redirect=%2Fchat$/);
  });

  test('a signed-in user with preferences goes home from / and from the auth pages', async ({ page }) => {
    await signIn(page, { onboarded: true });
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    for (const path of ['/login', '/signup', '/forgot-password', '/verification-email']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/home$/);
    }
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/chat$/);
  });

  test('a redirect that collapses to another host once normalised lands a signed-in user at home', async ({
    page,
  }) => {
    await signIn(page, { onboarded: true });
    for (const redirect of ['/.//evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '/%E0%A4%A']) {
      await page.goto(`/login?${new URLSearchParams({ redirect })}`);
      await expect(page, redirect).toHaveURL(/^http:\/\/[^/]+\/home$/);
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    }
    await page.goto(`/login?${new URLSearchParams({ redirect: '/./bookmarks' })}`);
    await expect(page).toHaveURL(/\/bookmarks$/);
  });

  test('a signed-in user without preferences is sent to onboarding', async ({ page }) => {
    await signIn(page, { onboarded: false });
    await page.goto('/');
    await expect(page).toHaveURL(/\/commercial$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/commercial$/);
  });

  test('public pages stay public', async ({ page }) => {
    for (const path of ['/about', '/contact', '/privacy-policy', '/terms-of-service', '/faq', '/companies']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('an unknown page shows the 404 screen with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('navigating scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page
      .getByRole('navigation', { name: 'Footer navigation' })
      .getByRole('link', { name: 'FAQ' })
      .click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
