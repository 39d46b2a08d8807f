import { expect, type Page, test } from '@playwright/test';
import { codeFromOutbox } from './outbox.ts';
import { type Language, openAs, snap } from './support.ts';

const toArabicDigits = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function signUp(page: Page, person: { name: string; email: string; phone: string; password: string }) {
  await page.getByTestId('signup-name').fill(person.name);
  await page.getByTestId('signup-phone').fill(person.phone);
  await page.getByTestId('signup-email').fill(person.email);
  await page.getByTestId('signup-password').fill(person.password);
  await page.getByTestId('signup-password-confirmation').fill(person.password);
  await page.getByTestId('signup-user-type').locator('label').first().click();
  await page.getByTestId('signup-submit').click();
}

async function enterCode(page: Page, code: string) {
  await page.getByTestId('otp-input-1').click();
  await page.keyboard.type(code);
  const submit = page.getByTestId('otp-submit');
  if (await submit.isVisible()) await submit.click();
}

for (const language of ['en', 'ar'] as Language[]) {
  test(`sign up, verify by email, log in, land on onboarding, log out (${language})`, async ({ page }) => {
    const stamp = `${Date.now()}${language === 'ar' ? 2 : 1}`.slice(-8);
    const person = {
      name: language === 'ar' ? 'ليلى حداد' : 'Layla Haddad',
      email: `layla.${stamp}@example.com`,
      phone: `+96650${stamp.slice(-7)}`,
      password: 'Secret123',
    };
    await openAs(page, '/signup', { language });
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await signUp(page, person);

    await expect(page).toHaveURL(/\/verification-email$/);
    await expect(page.getByTestId('otp-target')).toContainText(person.email.slice(-12));
    await snap(page, `journey-verification-${language}`);
    const code = await codeFromOutbox(person.email);
    // Arabic users may type Arabic-Indic digits.
    await enterCode(page, language === 'ar' ? toArabicDigits(code) : code);

    await expect(page).toHaveURL(/\/login/);
    await page.getByTestId('login-identifier').fill(person.email);
    await page.getByTestId('login-password').fill(person.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/commercial$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.goto('/settings');
    await page.getByTestId('logout-button').click();
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user_data'))).toBeNull();

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/signup\?redirect=%2Fprofile$/);
  });
}

test('signup shows the spec messages', async ({ page }) => {
  await page.goto('/signup');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByTestId('signup-name').fill('S1');
  await page.getByTestId('signup-phone').fill('12345');
  await page.getByTestId('signup-email').fill('nope');
  await page.getByTestId('signup-password').fill('short');
  await page.getByTestId('signup-password-confirmation').fill('other');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText('Name can only contain letters and spaces')).toBeVisible();
  await expect(page.getByText('Must be at least 11 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page.getByText('Please select a valid user type')).toBeVisible();
});

test('a demo account logs in and returns to the page it was sent away from', async ({ page }) => {
  await page.goto('/bookmarks');
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fbookmarks$/);
  await page.goto('/login?redirect=%2Fbookmarks');
  await page.getByTestId('login-identifier').fill('sara@makan.example');
  await page.getByTestId('login-password').fill('Demo1234');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/bookmarks$/);
});

test('Enter pressed on the prerendered login form before the app has loaded logs in once it has', async ({
  page,
}) => {
  // The page paints from its HTML; its script (named in a meta tag) is held back until Enter was pressed.
  const html = await (await page.request.get('/login')).text();
  const entry = /<meta name="makan-entry" content="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login-identifier').fill('sara@makan.example');
  await page.getByTestId('login-password').fill('Demo1234');
  await page.getByTestId('login-password').press('Enter');
  // The browser did not send the form itself (no password in an address), and kept what was typed.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-password')).toHaveValue('Demo1234');
  release();
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
});

test('a wrong password shows the error on the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-identifier').fill('noor@makan.example');
  await page.getByTestId('login-password').fill('Wrong1234');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Incorrect email, phone number or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('LinkedIn says it is not configured on a server without credentials', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('linkedin-button').click();
  await expect(page.getByTestId('linkedin-not-configured')).toBeVisible();
});

test('the LinkedIn callback page reports a provider error', async ({ page }) => {
  await openAs(page, '/linkedin-callback?error=access_denied&error_description=The+user+cancelled&state=x', {
    language: 'en',
  });
  await expect(page.getByText('LinkedIn authentication failed')).toBeVisible();
  await expect(page.getByText('The user cancelled')).toBeVisible();
});
