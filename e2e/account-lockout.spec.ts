import { expect, request as playwrightRequest, test } from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { codeFromOutbox } from './outbox.ts';
import { type Language, openAs, snapBothThemes } from './support.ts';

/**
 * Lock-out (issue 20), in each language, on a fresh account: ten wrong passwords (sent through the
 * API from an address of their own, so the per-address login budget of the other journeys is not
 * spent) lock the account for everyone; its owner, on the login page, is told so, asks for a code
 * and signs in with it and the password while the lock holds for guessers.
 */

const TEXTS = {
  en: { locked: 'Too many wrong passwords: this account is locked for' },
  ar: { locked: 'محاولات كثيرة بكلمة مرور خاطئة' },
} as const;

for (const language of ['en', 'ar'] as Language[]) {
  test(`a locked account's owner signs in with a code and the password (${language})`, async ({
    page,
    baseURL,
  }) => {
    // Each wrong password after the third is answered more slowly (up to 5 s): 25 s of waiting.
    test.setTimeout(120_000);
    const api = await playwrightRequest.newContext({ baseURL });
    try {
      const { email, password } = await freshAccount(api, language === 'ar' ? 'ليلى' : 'Laila', {
        language,
      });
      const guesser = { 'x-forwarded-for': `10.251.${language === 'ar' ? 2 : 1}.${(process.pid % 250) + 1}` };
      let last = 0;
      for (let i = 0; i < 11; i++) {
        const res = await api.post('/api/auth/login', {
          headers: guesser,
          data: { identifier: email, password: `Wrong${i}abc` },
        });
        last = res.status();
        if (last === 429) break;
      }
      expect(last).toBe(429);
      // The right password is refused too while the lock holds, for the guesser.
      const right = await api.post('/api/auth/login', {
        headers: guesser,
        data: { identifier: email, password },
      });
      expect(right.status()).toBe(429);

      await openAs(page, '/login', { language });
      await page.getByTestId('login-identifier').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await expect(page.getByText(TEXTS[language].locked)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('unlock-panel')).toBeVisible();
      await snapBothThemes(page, `account-locked-${language}`, async () => {
        if (!(await page.getByTestId('unlock-panel').isVisible())) {
          await page.getByTestId('login-identifier').fill(email);
          await page.getByTestId('login-password').fill(password);
          await page.getByTestId('login-submit').click();
        }
        await expect(page.getByTestId('unlock-panel')).toBeVisible({ timeout: 20_000 });
      });
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('unlock-send').click();
      const code = await codeFromOutbox(email);
      await expect(page.getByTestId('unlock-form')).toBeVisible();
      await page.getByTestId('otp-input-1').click();
      await page.keyboard.type(code);
      await page.getByTestId('unlock-submit').click();
      await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();

      // The guesser is still locked out.
      const still = await api.post('/api/auth/login', {
        headers: guesser,
        data: { identifier: email, password },
      });
      expect(still.status()).toBe(429);
    } finally {
      await api.dispose();
    }
  });
}
