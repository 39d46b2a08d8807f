import { expect, type Page, test } from '@playwright/test';
import { MATRIX } from './session.ts';
import { DEMO_PASSWORD, openAs, SIGN_IN_WAIT, snap } from './support.ts';

// Issue 19, item 4: the header's Log in forgot where the visitor was going, and an expired session
// left the page without a word.
const TEXTS = {
  en: { logIn: 'Log in', notLoggedIn: "You're not logged in. Please log in to continue." },
  ar: { logIn: 'تسجيل الدخول', notLoggedIn: 'لم تسجّل الدخول. يُرجى تسجيل الدخول للمتابعة.' },
} as const;

async function submitLogin(page: Page) {
  await page.getByTestId('login-identifier').fill('mona@makan.example');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
}

for (const { language, device } of MATRIX) {
  test(`your place is kept: through the header's Log in, and after a session expires (${language}, ${device.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(device.viewport);
    const texts = TEXTS[language];

    // A shared link to a post, opened signed out: signup, remembering the post.
    await openAs(page, '/post/1', { language });
    await expect(page).toHaveURL(/\/signup\?redirect=%2Fpost%2F1$/);
    await expect(page.getByTestId('signup-form')).toBeVisible();
    // The visitor has an account: the header's Log in keeps the post.
    if (device.name === 'phone') {
      await page.getByTestId('menu-button').click();
      await page.getByTestId('mobile-menu').getByRole('link', { name: texts.logIn }).click();
    } else {
      await page.getByRole('banner').getByRole('link', { name: texts.logIn }).click();
    }
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpost%2F1$/);
    await expect(page.getByTestId('login-notice')).toHaveCount(0);
    await submitLogin(page);
    await expect(page).toHaveURL(/\/post\/1$/, { timeout: SIGN_IN_WAIT });
    await expect(page.getByTestId('page-post')).toBeVisible();

    // Later the session is no longer valid (the server answers 401): the login page says so, and
    // signing in again comes back to the page.
    // The old page is left first: a request of its own with the bad token would end the session there
    // (and send that page to log in) before /bookmarks loads. The token is swapped as the next page
    // starts, before the app reads it.
    await page.goto('about:blank');
    await page.addInitScript(() => {
      if (location.pathname === '/bookmarks' && !sessionStorage.getItem('e2e-token-swapped')) {
        sessionStorage.setItem('e2e-token-swapped', '1');
        localStorage.setItem('auth_token', 'an-expired-session-token');
      }
    });
    await page.goto('/bookmarks');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fbookmarks$/);
    await expect(page.getByTestId('login-notice')).toHaveText(texts.notLoggedIn);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await snap(page, `first-use-place-kept-${language}-${device.name}`);
    await submitLogin(page);
    await expect(page).toHaveURL(/\/bookmarks$/, { timeout: SIGN_IN_WAIT });
    await expect(page.getByTestId('login-notice')).toHaveCount(0);
  });
}
