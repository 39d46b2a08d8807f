import { expect, type Page, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { codeFromOutbox } from './outbox.ts';
import { type Language, openAs, snapBothThemes } from './support.ts';

/**
 * An account made by 'Continue with LinkedIn' has no password (issue 20). Through the real sign-in
 * popup, against a real OpenID provider standing in for LinkedIn, in each language: one such account
 * adds its first phone number with a code sent to its email (then the code sent to the phone);
 * another sets its first password the same way and logs in with it through the login form (two
 * accounts: one code a minute goes to one address).
 * The second server of playwright.config.ts is the one with LinkedIn configured.
 */

const serverUrl = `http://127.0.0.1:${process.env.E2E_LINKEDIN_PORT}`;
const dataDir = process.env.E2E_LINKEDIN_DATA_DIR ?? '';
const FIRST_PASSWORD = 'First1234';

const TEXTS = {
  en: {
    noPassword: 'Your account has no password yet',
    notAdded: 'Not added yet',
    changePhone: 'Change phone',
    proofSent: 'Enter it to confirm it is you.',
    phoneChanged: 'Your phone number has been changed',
    setPassword: 'Set password',
    passwordSet: 'Your password has been set. Your other devices have been signed out.',
  },
  ar: {
    noPassword: 'ليس لحسابك كلمة مرور بعد',
    notAdded: 'لم يُضف بعد',
    changePhone: 'تغيير رقم الهاتف',
    proofSent: 'أدخله لتأكيد أنك صاحب الحساب.',
    phoneChanged: 'تم تغيير رقم هاتفك',
    setPassword: 'تعيين كلمة المرور',
    passwordSet: 'تم تعيين كلمة المرور وتسجيل الخروج من أجهزتك الأخرى.',
  },
} as const;

let provider: TestOidcProvider;

test.use({ baseURL: serverUrl });
// One provider on one known port: the journeys of this file run one after the other, in one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  provider = await startOidcProvider(
    {
      clientId: 'makan-e2e',
      clientSecret: process.env.E2E_LINKEDIN_CLIENT_SECRET ?? '',
      redirectUri: `${serverUrl}/linkedin-callback`,
    },
    // As LinkedIn does: the profile and email claims in the ID token.
    { claimsInIdToken: true, port: Number(process.env.E2E_OIDC_PORT) },
  );
});
test.afterAll(async () => {
  await provider?.close();
});

/** Types a code into the boxes of the OTP input inside `scope`. */
async function typeCode(page: Page, scope: ReturnType<Page['getByTestId']>, code: string) {
  await scope.getByTestId('otp-input-1').click();
  await page.keyboard.type(code);
}

/** A new member signs in with 'Continue with LinkedIn': the real popup, the provider, the callback. */
async function joinWithLinkedIn(page: Page, language: Language, who: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `linkedin.${who}.${language}.${stamp}@example.com`;
  provider.signInAs({
    sub: `e2e-${who}-${language}-${stamp}`,
    email,
    email_verified: 'true',
    name: language === 'ar' ? 'ليلى حداد' : 'Layla Haddad',
    locale: { country: language === 'ar' ? 'SA' : 'US', language },
  });
  await page.evaluate(() => localStorage.removeItem('auth_token')).catch(() => {});
  await openAs(page, '/login', { language });
  const popup = page.waitForEvent('popup');
  await page.getByTestId('linkedin-button').click();
  await (await popup).waitForEvent('close');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/settings');
  return { email, phone: `+9665${stamp.slice(-8)}` };
}

for (const language of ['en', 'ar'] as Language[]) {
  test(`a LinkedIn-only account adds its phone with codes (${language})`, async ({ page }) => {
    const t = TEXTS[language];
    const { email, phone } = await joinWithLinkedIn(page, language, 'phone');
    await expect(page.getByTestId('change-password-form')).toContainText(t.noPassword);
    await expect(page.getByTestId('contact-current-phone')).toHaveText(t.notAdded);

    // A code to the email proves it is the owner, then the phone's own code.
    await page.getByRole('button', { name: t.changePhone }).click();
    const ask = page.getByTestId('contact-change-phone');
    await expect(ask.getByTestId('contact-send-phone')).toHaveCount(0);
    await ask.getByTestId('contact-value-phone').fill(phone);
    await ask.getByTestId('contact-phone-send-code').click();
    await expect(ask).toContainText(t.proofSent);
    await typeCode(page, ask, await codeFromOutbox(email, dataDir));
    await ask.getByTestId('contact-send-phone').click();
    const confirm = page.getByTestId('contact-confirm-phone');
    await expect(confirm).toBeVisible();
    await typeCode(page, confirm, await codeFromOutbox(phone, dataDir));
    await confirm.getByTestId('contact-confirm-submit-phone').click();
    await expect(page.getByText(t.phoneChanged)).toBeVisible();
    await expect(page.getByTestId('contact-current-phone')).toHaveText(phone);
  });

  test(`a LinkedIn-only account sets its first password with a code, then logs in with it (${language})`, async ({
    page,
  }) => {
    const t = TEXTS[language];
    const { email } = await joinWithLinkedIn(page, language, 'password');
    const passwordForm = page.getByTestId('change-password-form');
    await expect(passwordForm).toContainText(t.noPassword);
    await expect(passwordForm.getByTestId('current-password')).toHaveCount(0);
    await passwordForm.scrollIntoViewIfNeeded();
    await snapBothThemes(page, `account-linkedin-settings-${language}`, async () => {
      await expect(passwordForm).toContainText(t.noPassword);
    });

    await passwordForm.getByTestId('current-send-code').click();
    await expect(passwordForm).toContainText(t.proofSent);
    await typeCode(page, passwordForm, await codeFromOutbox(email, dataDir));
    await passwordForm.getByTestId('new-password').fill(FIRST_PASSWORD);
    await passwordForm.getByTestId('new-password-confirmation').fill(FIRST_PASSWORD);
    await passwordForm.getByRole('button', { name: t.setPassword }).click();
    await expect(page.getByText(t.passwordSet)).toBeVisible();
    // From now on the password is what is asked.
    await expect(passwordForm.getByTestId('current-password')).toBeVisible();

    await page.evaluate(() => localStorage.removeItem('auth_token'));
    await openAs(page, '/login', { language });
    await page.getByTestId('login-identifier').fill(email);
    await page.getByTestId('login-password').fill(FIRST_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).not.toHaveURL(/\/login/);
  });
}
