import { expect, test } from '@playwright/test';
import { MATRIX, openSignedIn } from './session.ts';
import { snap } from './support.ts';

// Issue 19, item 5: a filter that matched nothing said 'No posts yet', and a minimum price above the
// maximum was taken as it was.
const TEXTS = {
  en: {
    noMatch: 'No listings match these filters',
    clear: 'Clear filters',
    priceRange: 'The minimum price cannot be more than the maximum price',
  },
  ar: {
    noMatch: 'لا توجد إعلانات تطابق عوامل التصفية هذه',
    clear: 'مسح عوامل التصفية',
    priceRange: 'لا يمكن أن يكون الحد الأدنى للسعر أكبر من الحد الأقصى',
  },
} as const;

for (const { language, device } of MATRIX) {
  test(`feed filters: no match says so and clears, an inverted price range is refused (${language}, ${device.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(device.viewport);
    const texts = TEXTS[language];
    await openSignedIn(page, 'mona@makan.example', '/home', { language });
    const feed = page.getByTestId('feed');
    await expect(feed.getByRole('article').first()).toBeVisible();

    // Nothing costs this much.
    await page.getByTestId('filter-price-min').fill('999999999999');
    const empty = page.getByTestId('posts-empty');
    await expect(empty.getByRole('heading')).toHaveText(texts.noMatch);
    await snap(page, `first-use-feed-no-match-${language}-${device.name}`);
    await empty.getByRole('button', { name: texts.clear }).click();
    await expect(feed.getByRole('article').first()).toBeVisible();
    await expect(page.getByTestId('filter-price-min')).toHaveValue('');

    // A minimum above the maximum: said in words, and the feed is not asked for it.
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/posts') asked.push(url);
    });
    await page.getByTestId('filter-price-max').fill('100');
    await page.getByTestId('filter-price-min').fill('5000');
    await expect(page.getByTestId('filter-price-error')).toHaveText(texts.priceRange);
    await expect(page.getByTestId('filter-price-min')).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(600);
    expect(asked.some((url) => url.searchParams.has('price_min') && url.searchParams.has('price_max'))).toBe(
      false,
    );
    await snap(page, `first-use-feed-price-range-${language}-${device.name}`);

    // The server refuses it too (422, the same words in the field's errors).
    const refused = await page.request.get('/api/posts?price_min=5000&price_max=100', {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}`,
        'Accept-Language': language,
      },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors.price_max).toEqual([
      'The minimum price cannot be more than the maximum price',
    ]);
  });
}
