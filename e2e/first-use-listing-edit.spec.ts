import { expect, type Locator, test } from '@playwright/test';
import { makePng } from './png.ts';
import { MATRIX, openSignedIn, sessionOf } from './session.ts';
import { snap } from './support.ts';

// Issue 19, 'Editing a listing fully': the owner could change the words and the price, not the photos,
// the property type or the place.
const TEXTS = {
  en: { city: 'Giza', cityOption: 'Giza · Egypt', type: 'Warehouse' },
  ar: { city: 'الجيزة', cityOption: 'الجيزة · مصر', type: 'مستودع' },
} as const;

/** Each photo's shape, in order: 'wide', 'tall' or 'square' (the files below differ by shape alone). */
function shapes(images: Locator) {
  return images.evaluateAll((all) =>
    all.map((img) => {
      const { naturalWidth: w, naturalHeight: h } = img as HTMLImageElement;
      return w > h ? 'wide' : w < h ? 'tall' : 'square';
    }),
  );
}

for (const { language, device } of MATRIX) {
  test(`the owner reorders, removes and adds photos, changes the type and the place (${language}, ${device.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(device.viewport);
    const texts = TEXTS[language];
    const stamp = `${Date.now()}`.slice(-7);
    const { token } = await sessionOf(page.request, 'gulf@makan.example');
    const created = await page.request.post('/api/posts', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        description: `Showroom to let ${stamp}`,
        property_type: 'retail',
        location: 'Somewhere central',
        'media[]': { name: 'wide.png', mimeType: 'image/png', buffer: makePng(480, 320) },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const postId = ((await created.json()) as { data: { id: number } }).data.id;
    const mediaOf = async () =>
      (
        (await (
          await page.request.get(`/api/posts/${postId}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          data: { media: { url: string }[] };
        }
      ).data.media.map((m) => m.url);
    const [wideUrl] = await mediaOf();

    await openSignedIn(page, 'gulf@makan.example', `/post/${postId}`, { language });
    const card = page.getByTestId(`post-${postId}`);
    await expect(card.getByTestId('post-description')).toContainText(stamp);
    await card.getByTestId('post-edit').click();
    const dialog = page.getByTestId('post-edit-dialog');
    const editPhotos = dialog.getByTestId('post-edit-photo').locator('img');
    await expect(editPhotos).toHaveCount(1);

    // Add two (a tall and a square one), move the tall one first, remove the wide one.
    await dialog.getByTestId('post-edit-photos-input').setInputFiles([
      { name: 'tall.png', mimeType: 'image/png', buffer: makePng(300, 450) },
      { name: 'square.png', mimeType: 'image/png', buffer: makePng(360, 360) },
    ]);
    await expect(editPhotos).toHaveCount(3);
    await expect.poll(() => shapes(editPhotos)).toEqual(['wide', 'tall', 'square']);
    await dialog.getByTestId('post-edit-photo').nth(1).getByRole('button').first().click();
    await expect.poll(() => shapes(editPhotos)).toEqual(['tall', 'wide', 'square']);
    await dialog.getByTestId('post-edit-photo').nth(1).getByRole('button').last().click();
    await expect.poll(() => shapes(editPhotos)).toEqual(['tall', 'square']);

    // Another type and a city from the list.
    await dialog.getByTestId('post-edit-type').selectOption('warehouse');
    await dialog.getByTestId('post-edit-location').fill(texts.city);
    const option = dialog.getByTestId('post-edit-cities').getByRole('button', { name: texts.cityOption });
    await option.first().click();
    await snap(page, `first-use-listing-edit-${language}-${device.name}`);
    await dialog.getByTestId('post-edit-save').click();
    await expect(dialog).toHaveCount(0);

    // The card says so at once, and so does the page after a reload (what the server kept).
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      await expect(card.getByTestId('post-type')).toContainText(texts.type);
      await expect(card.getByTestId('post-location')).toContainText(texts.city);
      const photos = card.getByTestId('post-photos').locator('img');
      await expect(photos).toHaveCount(2);
      await photos.evaluateAll((all) =>
        Promise.all(all.map((img) => (img as HTMLImageElement).decode().catch(() => undefined))),
      );
      await expect.poll(() => shapes(photos)).toEqual(['tall', 'square']);
    }

    // The removed photo's file is gone from the server.
    const kept = await mediaOf();
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(wideUrl);
    expect((await page.request.get(wideUrl ?? '')).status()).toBe(404);
  });
}
