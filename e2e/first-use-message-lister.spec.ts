import { expect, test } from '@playwright/test';
import { MATRIX, openSignedIn } from './session.ts';
import { snap } from './support.ts';

// Issue 19, item 2: a listing had no way to contact the person who posted it.
const LISTING = {
  en: { listing: '“Office Space · Dubai”', hello: "Hello, I'm interested in your listing" },
  ar: { listing: '«مساحة مكتبية · دبي»', hello: 'مرحبًا، أنا مهتم بإعلانك' },
} as const;

for (const { language, device } of MATRIX) {
  test(`a listing's Message button opens the chat with its author, the listing in the first message (${language}, ${device.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(device.viewport);
    const texts = LISTING[language];
    const stamp = `${Date.now()}`.slice(-6);
    await openSignedIn(page, 'mona@makan.example', '/search?q=Business%20Bay', { language });

    // On the card: Noor's office listing.
    const card = page.getByTestId('search-results').getByRole('article').first();
    await expect(card.getByTestId('post-description')).toContainText('Business Bay');
    const postId = Number((await card.getAttribute('data-testid'))?.replace('post-', ''));
    const postUrl = new URL(`/post/${postId}`, page.url()).toString();
    await card.getByTestId('post-message').click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    await expect(page.getByTestId('thread-name')).toHaveText('Al Noor Developments');
    const box = page.getByTestId('composer-input');
    await expect(box).toHaveValue(`${texts.hello} ${texts.listing}: ${postUrl}`);
    await expect(box).toBeFocused();

    // On the post page: the same button; my own posts have none.
    await page.goto(`/post/${postId}`);
    await expect(page.getByTestId('page-post')).toBeVisible();
    await page.getByTestId('post-message').click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    const conversation = new URL(page.url()).pathname;
    await expect(box).toHaveValue(`${texts.hello} ${texts.listing}: ${postUrl}`);
    await box.press('End');
    await box.pressSequentially(` ${stamp}`);
    await snap(page, `first-use-message-lister-${language}-${device.name}`);
    await box.press('Enter');
    const sent = page.getByTestId('message').filter({ hasText: stamp });
    await expect(sent.getByTestId('message-status')).toHaveAttribute('data-status', /sent|read/);
    // A reload does not bring the draft back.
    await page.reload();
    await expect(page.getByTestId('composer-input')).toHaveValue('');

    // The author sees which listing is meant.
    const noorContext = await browser.newContext({ viewport: device.viewport });
    const noor = await noorContext.newPage();
    await openSignedIn(noor, 'noor@makan.example', conversation, { language });
    const received = noor.getByTestId('message').filter({ hasText: stamp });
    await expect(received.getByTestId('message-text')).toContainText(texts.listing);
    await expect(received.getByTestId('message-text')).toContainText(postUrl);
    await noorContext.close();

    // No Message button on my own listing.
    await page.goto('/search?q=plot');
    const own = page.getByTestId('search-results').getByRole('article').filter({ hasText: 'New Cairo' });
    await expect(own.first()).toBeVisible();
    await expect(own.first().getByTestId('post-message')).toHaveCount(0);
  });
}
