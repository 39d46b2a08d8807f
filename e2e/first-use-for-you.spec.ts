import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MATRIX, openSignedIn, sessionOf } from './session.ts';
import { snap } from './support.ts';

// Issue 19, 'A feed that knows you': every user got the same newest-first list. Mona wants to buy
// offices in Cairo and follows Nile; a listing that fits her ranks above a newer one that does not,
// and 'Latest' gives the plain newest-first order back.
const LABELS = {
  en: { ranked: 'For you', latest: 'Latest' },
  ar: { ranked: 'مقترح لك', latest: 'الأحدث' },
} as const;

async function cityId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get(`/api/cities?q=${encodeURIComponent(name)}&limit=1`);
  const body = (await response.json()) as { data: { id: number }[] };
  const [city] = body.data;
  if (!city) throw new Error(`no city ${name}`);
  return city.id;
}

async function post(request: APIRequestContext, email: string, fields: Record<string, string | number>) {
  const { token } = await sessionOf(request, email);
  const created = await request.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    multipart: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

/** The ids of the feed's cards, top to bottom. */
async function cardOrder(page: Page): Promise<number[]> {
  const ids = await page
    .getByTestId('feed')
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid') ?? ''));
  return ids.map((id) => Number(id.replace('post-', '')));
}

for (const { language, device } of MATRIX) {
  test(`'For you' puts what fits me first, 'Latest' is newest first (${language}, ${device.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(device.viewport);
    // A price no other listing has: the feed's price filter then shows just these two, in either order.
    const price = 700_000_000 + Math.floor(Math.random() * 90_000_000);
    const listing = { price, currency: 'EGP', purpose: 'sale' };
    const cairo = await cityId(page.request, 'Cairo');
    const riyadh = await cityId(page.request, 'Riyadh');
    // Older and fitting: from someone Mona follows, an office in Cairo for sale.
    const fits = await post(page.request, 'nile@makan.example', {
      description: `Office near Tahrir ${price}`,
      property_type: 'office',
      location_id: cairo,
      ...listing,
    });
    // Newer and not fitting: a warehouse in Riyadh from someone she does not follow.
    const newer = await post(page.request, 'omar@makan.example', {
      description: `Warehouse on the ring road ${price}`,
      property_type: 'warehouse',
      location_id: riyadh,
      ...listing,
    });

    await openSignedIn(page, 'mona@makan.example', '/home', { language });
    await expect(page.getByTestId('feed').getByRole('article').first()).toBeVisible();
    await expect(page.getByTestId('feed-order-ranked')).toBeChecked();
    await expect(page.getByTestId('feed-order')).toContainText(LABELS[language].ranked);
    await page.getByTestId('filter-price-min').fill(String(price));
    await page.getByTestId('filter-price-max').fill(String(price));
    const feed = page.getByTestId('feed');
    await expect(feed.getByRole('article')).toHaveCount(2);
    await expect.poll(() => cardOrder(page)).toEqual([fits, newer]);
    await snap(page, `first-use-for-you-${language}-${device.name}`);

    await page.getByText(LABELS[language].latest, { exact: true }).click();
    await expect(page.getByTestId('feed-order-latest')).toBeChecked();
    await expect.poll(() => cardOrder(page)).toEqual([newer, fits]);

    // And back: the ranked pages are the same as before.
    await page.getByText(LABELS[language].ranked, { exact: true }).click();
    await expect.poll(() => cardOrder(page)).toEqual([fits, newer]);
  });
}
