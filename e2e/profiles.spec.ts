import { expect, type Page, test } from '@playwright/test';
import { codeFromOutbox } from './outbox.ts';
import { makePng } from './png.ts';
import { type Language, logIn, openAs, picturesLoaded, secondUser, snap, snapBothThemes } from './support.ts';

const PASSWORD = 'Secret123';

/**
 * Per language: the new account that onboards (the demo accounts are already onboarded), a demo
 * account that follows it, and the city to search. Separate people, so both runs can go side by side.
 */
const PEOPLE: Record<
  Language,
  { name: string; follower: string; city: string; cityName: RegExp; bio: string }
> = {
  en: {
    name: 'Hana Saleh',
    follower: 'nile@makan.example',
    city: 'Riy',
    cityName: /Riyadh/,
    bio: 'Looking for office space in Riyadh for a team of twenty.',
  },
  ar: {
    name: 'هناء صالح',
    follower: 'gulf@makan.example',
    city: 'الرياض',
    cityName: /الرياض/,
    bio: 'نبحث عن مساحات مكتبية في الرياض لفريق من عشرين شخصًا.',
  },
};

/**
 * Registers and verifies a new retail account through the API (the signup screens have their own
 * journey in auth.spec.ts); registrations are limited per hour, so this makes one per run and language.
 */
async function registerAccount(page: Page, name: string, language: Language) {
  const stamp = `${Date.now()}${language === 'ar' ? 2 : 1}`.slice(-8);
  const email = `hana.${stamp}@example.com`;
  const register = await page.request.post('/api/auth/register', {
    data: {
      name,
      email,
      phone: `+96655${stamp.slice(-7)}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      user_type: 'retail',
      verification_method: 'email',
      language,
    },
  });
  expect(register.status()).toBe(201);
  const code = await codeFromOutbox(email);
  const verify = await page.request.post('/api/auth/verify-otp', {
    data: { identifier: email, code, type: 'registration' },
  });
  expect(verify.ok()).toBe(true);
  return email;
}

const count = (page: Page, name: string) => page.getByTestId(`profile-${name}-count`);

for (const language of ['en', 'ar'] as Language[]) {
  test(`onboarding, profile edits, following and hidden contacts (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const people = PEOPLE[language];
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    // A new account has no preferences: it lands on onboarding.
    const ownerEmail = await registerAccount(page, people.name, language);
    await logIn(page, ownerEmail, language, PASSWORD);
    await expect(page).toHaveURL(/\/commercial$/);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const next = page.getByTestId('onboarding-next');
    await expect(page.getByTestId('onboarding-purpose')).toBeVisible();
    await expect(next).toBeDisabled();
    await snapBothThemes(page, `profiles-onboarding-${language}`, () =>
      expect(page.getByTestId('onboarding-purpose')).toBeVisible(),
    );

    // Step 1: the activity; each step proceeds once its part is set.
    await page.getByTestId('onboarding-purpose-rent').click();
    await expect(next).toBeEnabled();
    await next.click();
    // Step 2: property types, with the spec's labels.
    await expect(page.getByTestId('onboarding-types')).toBeVisible();
    if (language === 'en') {
      await expect(page.getByTestId('onboarding-types-office')).toHaveText('Office Space');
      await expect(page.getByTestId('onboarding-types-medical')).toHaveText('Medical Facility');
    }
    await expect(next).toBeDisabled();
    await page.getByTestId('onboarding-types-office').click();
    await page.getByTestId('onboarding-types-retail').click();
    await next.click();

    // Step 3: search a city (debounced), choose it; the answers survive a reload.
    const finish = page.getByTestId('onboarding-finish');
    await expect(finish).toBeDisabled();
    await page.getByTestId('onboarding-city-search').fill(people.city);
    const result = page.getByTestId('onboarding-city-results').getByRole('button', { name: people.cityName });
    await result.first().click();
    await expect(page.getByTestId('onboarding-selected-cities')).toContainText(people.cityName);
    await expect(finish).toBeEnabled();
    await snapBothThemes(page, `profiles-onboarding-locations-${language}`, () =>
      expect(page.getByTestId('onboarding-selected-cities')).toContainText(people.cityName),
    );
    await page.reload();
    await expect(page.getByTestId('onboarding-selected-cities')).toContainText(people.cityName);
    await page.getByTestId('onboarding-back').click();
    await expect(page.getByTestId('onboarding-types-office')).toHaveAttribute('data-checked', 'true');
    await expect(page.getByTestId('onboarding-types-retail')).toHaveAttribute('data-checked', 'true');
    await page.getByTestId('onboarding-next').click();
    await page.getByTestId('onboarding-finish').click();
    await expect(page).toHaveURL(/\/home$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user_data') ?? 'null'));
    expect(stored.preferences).toMatchObject({ purpose: 'rent', property_types: ['office', 'retail'] });
    const ownerId: number = stored.id;
    // Issue 23: the last step's offer (checked by default) kept the answers as the first saved search.
    const searches = await page.request.get('/api/saved-searches', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` },
    });
    expect(searches.ok()).toBe(true);
    const [first, ...others] = (await searches.json()).data.saved_searches;
    expect(others).toHaveLength(0);
    expect(first.criteria).toMatchObject({ purpose: 'rent', property_types: ['office', 'retail'] });
    expect(first.criteria.city_ids).toHaveLength(1);

    // Own profile: edit the bio (cancel first drops the pending text), upload a picture.
    await page.goto('/profile');
    await expect(page.getByTestId('own-profile')).toBeVisible();
    await page.getByTestId('profile-edit').click();
    await page.getByTestId('profile-bio-input').fill('Not this one');
    await page.getByTestId('profile-edit-cancel').click();
    await expect(page.getByTestId('profile-editor')).toHaveCount(0);
    await page.getByTestId('profile-edit').click();
    await expect(page.getByTestId('profile-bio-input')).toHaveValue('');
    const bio = people.bio;
    await page.getByTestId('profile-bio-input').fill(bio);
    await page.getByTestId('profile-link-input').fill('https://example.com/mona');
    await page.getByTestId('profile-edit-save').click();
    await expect(page.getByTestId('profile-bio')).toHaveText(bio);
    await expect(page.getByTestId('profile-bio')).toHaveAttribute('dir', 'auto');

    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/picture') && r.request().method() === 'POST',
    );
    await page
      .getByTestId('picture-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(240, 240) });
    expect((await upload).status()).toBe(200);
    await expect(page.getByTestId('profile-picture').locator('img')).toHaveAttribute('src', /\/media\//);
    const coverUpload = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/cover') && r.request().method() === 'POST',
    );
    await page
      .getByTestId('cover-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(1200, 384) });
    expect((await coverUpload).status()).toBe(200);
    await expect(page.getByTestId('profile-cover-image')).toHaveAttribute('src', /\/media\/.*-1200\./);

    // Hide the contact details.
    const contactSwitch = page.getByTestId('contact-visibility-switch');
    await expect(contactSwitch).toHaveAttribute('role', 'switch');
    await expect(contactSwitch).toHaveAttribute('aria-checked', 'false');
    const hidden = page.waitForResponse((r) => r.url().endsWith('/api/profile/contact-visibility'));
    await contactSwitch.click();
    expect((await hidden).status()).toBe(200);
    await expect(contactSwitch).toHaveAttribute('aria-checked', 'true');

    // Saved on the server: a reload shows the same.
    await page.reload();
    await expect(page.getByTestId('profile-bio')).toHaveText(bio);
    await expect(page.getByTestId('profile-picture').locator('img')).toHaveAttribute('src', /\/media\//);
    await expect(contactSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(count(page, 'followers')).toHaveAttribute('data-value', '0');
    await expect(page.getByTestId('preferences-summary')).toContainText(people.cityName);
    await snapBothThemes(page, `profiles-own-${language}`, () =>
      expect(page.getByTestId('profile-bio')).toHaveText(bio),
    );

    // A second user follows the first: the counts change on both profiles.
    const second = await secondUser(browser, people.follower, language);
    const other = second.page;
    await other.setViewportSize({ width: 1280, height: 900 });
    await other.goto('/profile');
    await expect(count(other, 'following')).toHaveAttribute('data-value', /^\d+$/);
    const followingBefore = Number(await count(other, 'following').getAttribute('data-value'));
    await openAs(other, `/user/${ownerId}`, { language });
    await expect(other.getByTestId('user-profile')).toBeVisible();
    await expect(other.getByTestId('profile-bio')).toHaveText(bio);
    await expect(count(other, 'followers')).toHaveAttribute('data-value', '0');
    const follow = other.getByTestId('follow-button');
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    const followed = other.waitForResponse((r) => r.url().endsWith(`/api/profiles/${ownerId}/follow`));
    await follow.click();
    await expect(count(other, 'followers')).toHaveAttribute('data-value', '1');
    expect((await followed).status()).toBe(200);
    await expect(follow).toHaveAttribute('aria-pressed', 'true');

    // Hidden contact details never reach the second user.
    await expect(other.getByTestId('profile-contact-hidden')).toBeVisible();
    await expect(other.getByTestId('profile-contact-email')).toHaveCount(0);
    await expect(other.getByTestId('profile-contact-phone')).toHaveCount(0);
    expect(await other.content()).not.toContain(ownerEmail);

    await other.reload();
    await expect(count(other, 'followers')).toHaveAttribute('data-value', '1');
    await expect(other.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
    await snapBothThemes(other, `profiles-user-${language}`, () =>
      expect(other.getByTestId('profile-bio')).toHaveText(bio),
    );

    await other.goto('/profile');
    await expect(count(other, 'following')).toHaveAttribute('data-value', String(followingBefore + 1));

    // The owner sees the new follower.
    await page.reload();
    await expect(count(page, 'followers')).toHaveAttribute('data-value', '1');

    // Companies, signed in: the follow buttons.
    await other.goto('/companies');
    await expect(other.getByTestId('companies-list')).toBeVisible();
    await snapBothThemes(other, `profiles-companies-${language}`, () =>
      expect(other.getByTestId('companies-list')).toBeVisible(),
    );
    await second.context.close();

    // A phone-sized own profile.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect(page.getByTestId('profile-bio')).toHaveText(bio);
    await picturesLoaded(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, `profiles-own-${language}-phone`);
    expect(errors).toEqual([]);
  });
}

test('companies are public: search and a sign-in prompt instead of Follow', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await openAs(page, '/companies');
  const list = page.getByTestId('companies-list');
  // The demo's three companies (other journeys may add companies of their own to the same server).
  for (const name of ['Al Noor Developments', 'Nile Commercial Properties']) {
    await expect(list.getByText(name, { exact: false }).first()).toBeVisible();
  }
  await expect(list.getByTestId('company-login-to-follow').first()).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcompanies',
  );
  await expect(list).not.toContainText('Mona Fathy');
  await page.getByTestId('companies-search').fill('Nile');
  await expect(list.locator('article')).toHaveCount(1);
  await expect(list).toContainText('Nile Commercial Properties');
  await page.getByTestId('companies-search').fill('no such company');
  await expect(page.getByTestId('companies-empty')).toBeVisible();
  await openAs(page, '/companies', { language: 'ar', theme: 'dark' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الشركات');
  await picturesLoaded(page);
  await snap(page, 'profiles-companies-public-ar-dark');
});

test('an unknown profile says it is not found; a failed load offers Retry', async ({ page }) => {
  await logIn(page, 'sara@makan.example', 'en');
  await page.goto('/user/999999');
  await expect(page.getByTestId('profile-not-found')).toBeVisible();
  await page.route('**/api/profiles/2/full', (route) => route.abort());
  await page.goto('/user/2');
  await expect(page.getByRole('heading', { name: 'Failed to Load Profile' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});
