import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { adminEmail, freshAccount } from './accounts.ts';
import { makeTexturedPng } from './png.ts';
import { openSignedIn } from './session.ts';
import { type Language, snapBothThemes } from './support.ts';

/**
 * Signals and licences (issue 21), in each language: a second account posts a listing with a copy of
 * another account's photo; the console's Signals tab shows it with the listing it copies. A company's
 * listing carries its advertising licence number; an admin marks it checked in the Licences tab and
 * the listing shows the licence as checked.
 */

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

async function listing(token: string, fields: Record<string, string>, photo?: Buffer): Promise<number> {
  const created = await api.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      property_type: 'office',
      location: 'Olaya Street',
      ...fields,
      ...(photo ? { 'media[]': { name: 'photo.png', mimeType: 'image/png', buffer: photo } } : {}),
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id as number;
}

for (const language of ['en', 'ar'] as Language[]) {
  test(`a copied photo is signalled, and a checked licence shows on the listing (${language})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const owner = await freshAccount(api, 'Layla Offices', { language, userType: 'developer' });
    const copier = await freshAccount(api, 'Quick Deals', { language });
    const admin = await freshAccount(api, 'Lina Admin', {
      language,
      email: adminEmail(language, 'licences'),
    });
    // A picture of this run and language only: the other journeys' photos are not copies of it.
    const seed = (Date.now() % 100_000) * 2 + (language === 'ar' ? 1 : 0);
    const original = await listing(
      owner.token,
      { description: 'Grade A offices, licensed', licence_number: `72${String(seed).padStart(8, '0')}` },
      makeTexturedPng(960, 720, seed),
    );
    const copy = await listing(
      copier.token,
      { description: 'Same offices, half the price' },
      makeTexturedPng(640, 480, seed),
    );

    // The Signals tab: the copy, with the listing it copies.
    await openSignedIn(page, admin.email, '/admin/signals', { language });
    const item = page.getByTestId(`queue-item-post-${copy}`);
    await expect(item).toBeVisible();
    await expect(page.getByTestId(`queue-item-post-${original}`)).toHaveCount(0);
    await snapBothThemes(page, `moderation-signals-${language}`, async () => {
      await expect(page.getByTestId(`queue-item-post-${copy}`)).toBeVisible();
    });
    await item.getByTestId('queue-open').click();
    await expect(page.getByTestId('case-report-signal')).toBeVisible();
    await expect(page.getByTestId(`case-related-${original}`)).toBeVisible();

    // The Licences tab: the owner's licence, marked checked.
    await page.goto('/admin/licences');
    const licence = page.getByTestId(`licence-item-${original}`);
    await expect(licence.getByTestId('licence-number')).toHaveText(`72${String(seed).padStart(8, '0')}`);
    await snapBothThemes(page, `moderation-licences-${language}`, async () => {
      await expect(page.getByTestId(`licence-item-${original}`)).toBeVisible();
    });
    await licence.getByTestId('licence-check').click();
    await expect(page.getByTestId(`licence-item-${original}`)).toHaveCount(0);

    // Anyone reading the listing sees the licence checked.
    await openSignedIn(page, copier.email, `/post/${original}`, { language });
    await expect(page.getByTestId('post-licence-checked').first()).toBeVisible();
  });
}
