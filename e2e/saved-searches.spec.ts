import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { emailFromOutbox } from './outbox.ts';
import { openSignedIn } from './session.ts';
import { type Language, snap, snapBothThemes } from './support.ts';

/**
 * Saved searches (issue 23), in each language: a member saves the feed's filters as a search (told
 * instantly) and a keyword from the search page (told by a daily email); another member posts a
 * listing that matches both; the alert arrives in the first member's bell and opens the listing; the
 * daily email lists it (the e2e server sends it on the worker's next pass:
 * SAVED_SEARCH_DIGEST_COLLECT_MINUTES=0 in playwright.config.ts).
 */

const TEXTS = {
  en: {
    saved: 'Search saved',
    alert: 'posted a listing that matches your saved search',
    newOne: '1 new',
    count: (used: number) => `${used} of 20 used`,
  },
  ar: {
    saved: 'تم حفظ البحث',
    alert: 'إعلانًا يطابق بحثك المحفوظ',
    newOne: new Intl.NumberFormat('ar').format(1),
    count: (used: number) => `استخدمت ${new Intl.NumberFormat('ar').format(used)}`,
  },
} as const;

// Each language looks for its own price band in its own currency, and a word no other listing has:
// listings other journeys post beside this one match neither.
const BANDS = {
  en: { min: 7_771_000, max: 7_772_000, price: 7_771_500 },
  ar: { min: 7_773_000, max: 7_774_000, price: 7_773_500 },
} as const;

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

const badge = (page: Page) => page.getByTestId('notifications-bell').getByTestId('notifications-badge');

/** Saves what the page offers through the dialog, with the frequency given; returns the name it got. */
async function saveThroughDialog(
  page: Page,
  language: Language,
  frequency: 'instant' | 'daily',
  shot: string,
  criteria: string[],
) {
  await page.getByTestId('save-search').click();
  const dialog = page.getByTestId('save-search-dialog');
  await expect(dialog).toBeVisible();
  for (const criterion of criteria) {
    await expect(dialog.locator(`[data-criterion="${criterion}"]`)).toBeVisible();
  }
  const name = await dialog.getByTestId('save-search-name').inputValue();
  expect(name.length).toBeGreaterThan(0);
  // Radios drawn as a segmented control: their labels take the click.
  await dialog.locator('label', { has: page.getByTestId(`save-search-frequency-${frequency}`) }).click();
  await expect(dialog.getByTestId(`save-search-frequency-${frequency}`)).toBeChecked();
  if (shot) await snap(page, shot);
  await dialog.getByTestId('save-search-submit').click();
  await expect(dialog.getByTestId('save-search-done')).toBeVisible();
  await expect(dialog).toContainText(TEXTS[language].saved);
  return name;
}

for (const language of ['en', 'ar'] as Language[]) {
  test(`a saved search tells of a matching listing in the bell and in the daily email (${language})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const texts = TEXTS[language];
    const band = BANDS[language];
    const word = `zumurrud${language}${Date.now().toString(36)}`;
    const seeker = await freshAccount(api, 'Amal Seeker', { language });
    const lister = await freshAccount(api, 'Badr Lister', { language });

    // 1. The seeker filters the feed and saves the filters, told instantly.
    await openSignedIn(page, seeker.email, '/home', { language });
    await expect(page.getByTestId('save-search')).toHaveCount(0);
    await page.getByTestId('filter-type').selectOption('warehouse');
    await page.getByTestId('filter-purpose').selectOption('rent');
    await page.getByTestId('filter-currency').selectOption('OMR');
    // The range boxes commit as typing pauses: the feed asks for both bounds once they have.
    const bothBounds = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return (
        url.pathname === '/api/posts' &&
        url.searchParams.get('price_min') === String(band.min) &&
        url.searchParams.get('price_max') === String(band.max)
      );
    });
    await page.getByTestId('filter-price-min').fill(String(band.min));
    await page.getByTestId('filter-price-max').fill(String(band.max));
    await bothBounds;
    await expect(page.getByTestId('save-search')).toBeVisible();
    const filterName = await saveThroughDialog(
      page,
      language,
      'instant',
      `saved-searches-dialog-${language}`,
      ['types', 'purpose', 'price'],
    );
    await page.keyboard.press('Escape');

    // 2. And a word from the search page, told by the daily email.
    await page.goto(`/search?q=${word}`);
    await expect(page.getByTestId('save-search')).toBeVisible();
    const keywordName = await saveThroughDialog(page, language, 'daily', '', ['keyword']);
    expect(keywordName).toContain(word);
    await page.getByTestId('save-search-see-list').click();
    await expect(page).toHaveURL(/\/saved-searches$/);
    const list = page.getByTestId('saved-searches');
    await expect(list.locator('> li')).toHaveCount(2);
    await expect(page.getByTestId('saved-searches-count')).toContainText(texts.count(2));
    await expect(list).toContainText(filterName);

    // 3. Another member posts a listing that matches both.
    const created = await api.post('/api/posts', {
      headers: { authorization: `Bearer ${lister.token}` },
      multipart: {
        property_type: 'warehouse',
        description: `Cold store ${word} near the port`,
        location: 'Sohar Port',
        purpose: 'rent',
        price: String(band.price),
        currency: 'OMR',
        area_m2: '2400',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const postId = (await created.json()).data.id as number;

    // 4. The alert arrives in the seeker's bell without a reload.
    await expect(badge(page)).toHaveText(/1|١/, { timeout: 30_000 });
    // The list says what is new (read again as the page comes back into view).
    await page.reload();
    const filterItem = list.locator('> li', { hasText: filterName });
    await expect(filterItem.locator('[data-testid$="-new"]')).toContainText(texts.newOne);
    await snapBothThemes(page, `saved-searches-list-${language}`, async () => {
      await expect(filterItem.locator('[data-testid$="-new"]')).toBeVisible();
    });

    // Running the search shows the listing, and its new count goes back to 0.
    await filterItem.locator('[data-testid$="-run"]').click();
    await expect(page.getByTestId('saved-search-results')).toContainText(word);
    await snap(page, `saved-searches-results-${language}`);
    await page.getByTestId('saved-search-back').click();
    await expect(filterItem.locator('[data-testid$="-new"]')).toHaveCount(0);

    await page.getByTestId('notifications-bell').click();
    const alert = page.locator('[data-testid^="notification-"][data-read]').filter({ hasText: texts.alert });
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText('Badr Lister');
    await expect(alert.getByTestId('notification-search-name')).toHaveText(filterName);
    await snap(page, `saved-searches-notification-${language}`);
    await alert.click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
    await expect(page.getByText(`Cold store ${word} near the port`)).toBeVisible();

    // 5. The daily email lists it, with its link.
    const email = await emailFromOutbox(seeker.email, `/post/${postId}`, { timeout: 30_000 });
    expect(email.text).toContain(keywordName);
  });
}
