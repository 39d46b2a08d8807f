import { readFileSync } from 'node:fs';
import { loginResult } from '@makan/contract/auth';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { z } from 'zod';
import { freshAccount } from './accounts.ts';
import { codeFromOutbox } from './outbox.ts';
import { openSignedIn, rememberSession } from './session.ts';
import { type Language, snapBothThemes } from './support.ts';

/**
 * Settings → account (issue 20), in each language, on a fresh account per language made through the
 * API (these actions change who can sign in: the demo accounts other journeys use stay intact). The
 * steps run in order on that account: change the email, change the password, sign out everywhere,
 * download a copy of the data, delete the account and take it back by logging in.
 * The lock-out's browser side is covered by the login form's unit tests: ten wrong logins here would
 * spend the per-address login budget the other journeys share.
 */

const NEW_PASSWORD = 'Better456';

const TEXTS = {
  en: {
    changeEmail: 'Change email',
    sendCode: 'Send code',
    confirm: 'Confirm change',
    emailChanged: 'Your email address has been changed',
    passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
    everywhere: 'Sign out everywhere',
    exportRequested: 'We are preparing a copy of your data. We will email you when it is ready.',
    deletionScheduled: 'Your account will be deleted on',
    deletionCancelled: 'Welcome back. Your account will no longer be deleted.',
  },
  ar: {
    changeEmail: 'تغيير البريد الإلكتروني',
    sendCode: 'إرسال الرمز',
    confirm: 'تأكيد التغيير',
    emailChanged: 'تم تغيير بريدك الإلكتروني',
    passwordChanged: 'تم تغيير كلمة المرور وتسجيل الخروج من أجهزتك الأخرى.',
    everywhere: 'تسجيل الخروج من كل الأجهزة',
    exportRequested: 'نجهّز نسخة من بياناتك، وسنرسل إليك بريدًا عندما تصبح جاهزة.',
    deletionScheduled: 'سيُحذف حسابك في',
    deletionCancelled: 'مرحبًا بعودتك. لن يُحذف حسابك.',
  },
} as const;

for (const language of ['en', 'ar'] as Language[]) {
  test.describe
    .serial(`account settings (${language})`, () => {
      const t = TEXTS[language];
      let email = '';
      let newEmail = '';
      let password = '';
      let api: APIRequestContext;

      test.beforeAll(async ({ baseURL }) => {
        api = await playwrightRequest.newContext({ baseURL });
        ({ email, password: password } = await freshAccount(
          api,
          language === 'ar' ? 'سلمى ناصر' : 'Salma Nasser',
          {
            language,
          },
        ));
        newEmail = `moved.${email}`;
      });
      test.afterAll(async () => {
        await api?.dispose();
      });

      test(`changes the email with a code sent to the new address (${language})`, async ({ page }) => {
        await openSignedIn(page, email, '/settings', { language, password: password });
        await expect(page.getByTestId('contact-current-email')).toHaveText(email);
        await snapBothThemes(page, `account-settings-${language}`, async () => {
          await expect(page.getByTestId('change-password-form')).toBeVisible();
        });
        await page.getByRole('button', { name: t.changeEmail }).click();
        await page.getByTestId('contact-value-email').fill(newEmail);
        await page.getByTestId('contact-email-password').fill(password);
        await page.getByRole('button', { name: t.sendCode }).click();
        const code = await codeFromOutbox(newEmail);
        await page.getByTestId('otp-input-1').click();
        await page.keyboard.type(code);
        await page.getByRole('button', { name: t.confirm }).click();
        await expect(page.getByTestId('toast').filter({ hasText: t.emailChanged })).toBeVisible({
          timeout: 20_000,
        });
        await expect(page.getByTestId('contact-current-email')).toHaveText(newEmail);
        // The next step signs in with the new email (logins are budgeted per address: none spent here).
      });

      test(`changes the password and signs out the other sessions (${language})`, async ({ page }) => {
        const other = await api.post('/api/auth/login', {
          data: { identifier: newEmail, password: password },
        });
        expect(other.ok()).toBe(true);
        const otherToken = ((await other.json()) as { data: { token: string } }).data.token;
        await openSignedIn(page, newEmail, '/settings', { language, password: password });
        await page.getByTestId('current-password').fill(password);
        await page.getByTestId('new-password').fill(NEW_PASSWORD);
        await page.getByTestId('new-password-confirmation').fill(NEW_PASSWORD);
        await page.getByTestId('change-password-submit').click();
        await expect(page.getByTestId('toast').filter({ hasText: t.passwordChanged })).toBeVisible({
          timeout: 20_000,
        });
        await expect(page.getByTestId('current-password')).toHaveValue('');
        const ended = await api.get('/api/user', { headers: { authorization: `Bearer ${otherToken}` } });
        expect(ended.status()).toBe(401);
        // The next step signs in with the new password.
      });

      test(`signs out of every device (${language})`, async ({ page }) => {
        const other = await api.post('/api/auth/login', {
          data: { identifier: newEmail, password: NEW_PASSWORD },
        });
        expect(other.ok()).toBe(true);
        const otherToken = ((await other.json()) as { data: { token: string } }).data.token;
        await openSignedIn(page, newEmail, '/settings', { language, password: NEW_PASSWORD });
        await page.getByRole('button', { name: t.everywhere }).click();
        await page.getByTestId('sign-out-everywhere-confirm').click();
        await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
        expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
        const ended = await api.get('/api/user', { headers: { authorization: `Bearer ${otherToken}` } });
        expect(ended.status()).toBe(401);
      });

      /** Every session ended in the step before: a new one, kept for openSignedIn. */
      const signInAgain = async () => {
        const res = await api.post('/api/auth/login', {
          data: { identifier: newEmail, password: NEW_PASSWORD },
        });
        expect(res.ok(), await res.text()).toBe(true);
        rememberSession(newEmail, z.object({ data: loginResult }).parse(await res.json()).data);
      };

      test(`asks for a copy of the data and downloads it (${language})`, async ({ page }) => {
        await signInAgain();
        await openSignedIn(page, newEmail, '/settings', { language, password: NEW_PASSWORD });
        await page.getByTestId('data-export-request').click();
        await expect(page.getByTestId('toast').filter({ hasText: t.exportRequested })).toBeVisible({
          timeout: 20_000,
        });
        // Prepared in the background; the page checks again every few seconds.
        const download = page.getByTestId('data-export-download');
        await expect(download).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('data-export-ready')).toBeVisible();
        const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
        expect(file.suggestedFilename()).toMatch(/^makan-data-\d{4}-\d{2}-\d{2}\.json$/);
        const archive = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
          format: string;
          account: { email: string; name: string };
        };
        expect(archive.format).toBe('makan-data-export');
        expect(archive.account.email).toBe(newEmail);
      });

      test(`deletes the account, and logging in again keeps it (${language})`, async ({ page }) => {
        await openSignedIn(page, newEmail, '/settings', { language, password: NEW_PASSWORD });
        // Switching the theme reloads the page: the form is opened and filled again each time.
        const openForm = async () => {
          if (!(await page.getByTestId('delete-account-form').isVisible())) {
            await page.getByTestId('delete-account-open').click();
          }
          await page.getByTestId('delete-account-password').fill(NEW_PASSWORD);
          await page.getByTestId('delete-account').scrollIntoViewIfNeeded();
        };
        await openForm();
        await snapBothThemes(page, `account-delete-${language}`, openForm);
        await page.getByTestId('delete-account-confirm').click();
        await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
        await expect(page.getByTestId('toast').filter({ hasText: t.deletionScheduled })).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

        // Changed their mind: logging in within the grace period cancels the deletion.
        await page.getByTestId('login-identifier').fill(newEmail);
        await page.getByTestId('login-password').fill(NEW_PASSWORD);
        await page.getByTestId('login-submit').click();
        await expect(page.getByTestId('toast').filter({ hasText: t.deletionCancelled })).toBeVisible({
          timeout: 20_000,
        });
        await expect(page).not.toHaveURL(/\/login/);
      });
    });
}
