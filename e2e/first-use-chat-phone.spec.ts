import { conversationSchema } from '@makan/contract/chat';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { makePng } from './png.ts';
import { MATRIX, openSignedIn, sessionOf } from './session.ts';
import { snap } from './support.ts';

// Issue 19, item 3: chat on a phone. Nile sends Gulf a photo; Gulf reads, opens the last message's
// menu, and attaches a text renamed .jpg and a 300-byte file.
const SENDER = 'nile@makan.example';
const READER = 'gulf@makan.example';

const TEXTS = {
  en: {
    invalidImage: 'Please choose a valid image (JPEG, PNG, WebP or GIF)',
    bytes: /^(300|٣٠٠)\sB$/,
  },
  ar: {
    invalidImage: 'يُرجى اختيار صورة صالحة (JPEG أو PNG أو WebP أو GIF)',
    bytes: /^(300|٣٠٠)\s?ب$/,
  },
} as const;

// The runs read the last message of one conversation: one after the other.
test.describe.configure({ mode: 'serial' });

for (const { language, device } of MATRIX) {
  test(`chat on a phone: a received photo shows at once, the last message's menu stays in view, files are checked and sized (${language}, ${device.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(device.viewport);
    const texts = TEXTS[language];
    const stamp = `${Date.now()}`.slice(-6);

    // Nile sends a photo (and a line after it), over the API.
    const sender = await sessionOf(page.request, SENDER);
    const reader = await sessionOf(page.request, READER);
    const auth = { Authorization: `Bearer ${sender.token}` };
    const opened = await page.request.post('/api/chat/conversations', {
      headers: auth,
      data: { user_id: reader.user.id, type: 'private' },
    });
    expect(opened.ok()).toBe(true);
    const { id } = z.object({ data: conversationSchema }).parse(await opened.json()).data;
    const photo = await page.request.post(`/api/chat/conversations/${id}/files`, {
      headers: auth,
      multipart: {
        file: { name: `site-${stamp}.png`, mimeType: 'image/png', buffer: makePng(1200, 900) },
        message: `Site photo ${stamp}`,
      },
    });
    expect(photo.ok()).toBe(true);

    // The photo's preview is held back until its room on screen has been measured.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.searchParams.get('size') === 'preview',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await openSignedIn(page, READER, `/chat/${id}`, { language });
    const received = page.getByTestId('message').filter({ hasText: `Site photo ${stamp}` });
    const image = received.getByTestId('chat-image').locator('img');
    // Its room is kept before it loads (it showed as an empty bubble, 0 px wide), in its own shape.
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
    const box = await image.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(4 / 3, 1);
    release();
    // And it loads without any scrolling.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);

    // More arrives, live: the thread fills and the last message sits on the composer.
    await expect(page.getByTestId('chat-connection').first()).toHaveAttribute('data-status', 'online', {
      timeout: 15_000,
    });
    for (let n = 1; n <= 10; n++) {
      const line = await page.request.post(`/api/chat/conversations/${id}/messages`, {
        headers: auth,
        data: { content: `Line ${n} of ${stamp}` },
      });
      expect(line.ok()).toBe(true);
    }
    const last = page.getByTestId('message').filter({ hasText: `Line 10 of ${stamp}` });
    await expect(last).toBeInViewport();

    // Its menu opens upward, inside the thread, above the composer, and nothing scrolls sideways.
    await last.getByTestId('message-menu-button').click();
    const menu = last.getByTestId('message-menu');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('data-placement', 'up');
    const menuBox = await menu.boundingBox();
    const composerBox = await page.getByTestId('chat-composer').boundingBox();
    const threadBox = await page.getByTestId('chat-messages').boundingBox();
    expect(menuBox && composerBox && threadBox).toBeTruthy();
    if (menuBox && composerBox && threadBox) {
      expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(composerBox.y);
      expect(menuBox.y).toBeGreaterThanOrEqual(threadBox.y);
      expect(menuBox.x).toBeGreaterThanOrEqual(threadBox.x);
      expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(threadBox.x + threadBox.width);
    }
    expect(await page.getByTestId('chat-messages').evaluate((element) => element.scrollLeft)).toBe(0);
    await snap(page, `first-use-chat-menu-${language}-${device.name}`);
    await menu.getByTestId('message-reply').click();
    await expect(page.getByTestId('composer-context')).toBeVisible();

    // A text renamed .jpg: refused in words, before any upload.
    const input = page.getByTestId('composer-file-input');
    await input.setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('only text') });
    await expect(page.getByTestId('composer-error')).toHaveText(texts.invalidImage);
    await expect(page.getByTestId('composer-file')).toHaveCount(0);

    // A 300-byte file reads 300 B (it read '0 kB'), before and after sending.
    await input.setInputFiles({
      name: `notes-${stamp}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.alloc(300, 'a'),
    });
    await expect(page.getByTestId('composer-error')).toHaveCount(0);
    await expect(page.getByTestId('composer-file-size')).toHaveText(texts.bytes);
    await page.getByTestId('composer-send').click();
    const file = page.getByTestId('chat-file').filter({ hasText: `notes-${stamp}.txt` });
    await expect(file.getByTestId('chat-file-size')).toHaveText(texts.bytes, { timeout: 15_000 });

    // Posts: the same fake photo is refused with the same words (it said 'Image compression failed').
    await page.goto('/home');
    await expect(page.getByTestId('feed')).toBeVisible();
    // A phone opens the post form from its 'Start a post' button.
    if (device.name === 'phone') await page.getByTestId('composer-start').click();
    await page.getByTestId('composer-photos-input').setInputFiles({
      name: 'fake.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('only text'),
    });
    await expect(page.getByTestId('toast').filter({ hasText: texts.invalidImage })).toBeVisible();
    await expect(page.getByTestId('composer-previews')).toHaveCount(0);
  });
}
