import { expect, test } from '@playwright/test';
import { MATRIX, openSignedIn } from './session.ts';
import { snap } from './support.ts';

// Issue 19, item 1: a new user could not find search (nothing linked to /search).
const KEYWORD = { en: 'office', ar: 'مستودع' } as const;
// 'Search that finds what people type': the last word matches as a prefix.
const PREFIX = {
  en: { typed: 'Business ba', found: /Business Bay/i },
  ar: { typed: 'مستود', found: /مستودع/ },
} as const;

for (const { language, device } of MATRIX) {
  test(`search is one step away from every signed-in page, with the recent searches (${language}, ${device.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(device.viewport);
    const keyword = KEYWORD[language];
    await openSignedIn(page, 'mona@makan.example', '/home', { language });
    await expect(page.getByTestId('feed')).toBeVisible();

    if (device.name === 'phone') {
      // One tap: the header's search button; the box is ready to type in.
      await expect(page.getByTestId('header-search-input')).toBeHidden();
      await page.getByTestId('header-search-link').click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.getByTestId('search-input')).toBeFocused();
      await page.getByTestId('search-input').fill(keyword);
      await page.getByTestId('search-input').press('Enter');
    } else {
      await expect(page.getByTestId('header-search-link')).toBeHidden();
      await page.getByTestId('header-search-input').fill(keyword);
      await page.getByTestId('header-search-input').press('Enter');
    }
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(keyword)}$`));
    await expect(page.getByTestId('search-results').getByRole('article').first()).toBeVisible();

    // Elsewhere, the search is still one step away and remembers the keyword.
    await page.goto('/bookmarks');
    if (device.name === 'phone') {
      await page.getByTestId('header-search-link').click();
      const recent = page.getByTestId('recent-searches').getByTestId('recent-search');
      await expect(recent).toHaveText([keyword]);
      await snap(page, `first-use-search-${language}-${device.name}`);
      await recent.first().click();
    } else {
      await page.getByTestId('header-search-input').click();
      const recent = page.getByTestId('header-recent-searches').getByTestId('header-recent-search');
      await expect(recent).toHaveText([keyword]);
      await snap(page, `first-use-search-${language}-${device.name}`);
      await recent.first().click();
    }
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(keyword)}$`));
    await expect(page.getByTestId('search-input')).toHaveValue(keyword);
    await expect(page.getByTestId('search-results').getByRole('article').first()).toBeVisible();

    // Half a word finds the whole one, as it is typed.
    const prefix = PREFIX[language];
    await page.getByTestId('search-input').fill(prefix.typed);
    await page.getByTestId('search-input').press('Enter');
    const found = page.getByTestId('search-results').getByRole('article');
    await expect(
      found.getByTestId('post-description').filter({ hasText: prefix.found }).first(),
    ).toBeVisible();
  });
}
