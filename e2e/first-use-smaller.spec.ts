import { conversationSchema } from '@makan/contract/chat';
import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { makePng } from './png.ts';
import { MATRIX, openSignedIn, sessionOf } from './session.ts';
import { dismissToasts, snap } from './support.ts';

// Issue 19, item 6: the smaller things a new user hit. Mona changes her own picture: one run at a time.
test.describe.configure({ mode: 'serial' });

const MONA = 'mona@makan.example';

const TEXTS = {
  en: {
    city: 'Cai',
    cityOption: 'Cairo · Egypt',
    removeTitle: 'Remove your profile picture?',
    cancel: 'Cancel',
    phoneCharacters: 'Phone number can only contain digits, spaces and + - ( )',
    popular: 'Popular cities',
  },
  ar: {
    city: 'القاهرة',
    cityOption: 'القاهرة · مصر',
    removeTitle: 'إزالة صورتك الشخصية؟',
    cancel: 'إلغاء',
    phoneCharacters: 'يجب أن يحتوي رقم الهاتف على أرقام ومسافات والرموز + - ( ) فقط',
    popular: 'مدن شائعة',
  },
} as const;

/** WCAG contrast of an element's text over the background it sits on (alpha blended, sRGB). */
function contrastOf(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`no ${selector}`);
    const rgba = (value: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    let background = { r: 255, g: 255, b: 255, a: 1 };
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour.a > 0) {
        background = colour;
        break;
      }
    }
    const text = rgba(getComputedStyle(element).color);
    const blend = (channel: 'r' | 'g' | 'b') => text[channel] * text.a + background[channel] * (1 - text.a);
    const linear = (value: number) => {
      const v = value / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (c: { r: number; g: number; b: number }) =>
      0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
    const fg = luminance({ r: blend('r'), g: blend('g'), b: blend('b') });
    const bg = luminance(background);
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  }, selector);
}

for (const { language, device } of MATRIX) {
  test(`the smaller things: start a post, cities with countries, links, pictures, phone, contrast (${language}, ${device.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(device.viewport);
    const texts = TEXTS[language];
    const stamp = `${Date.now()}`.slice(-6);
    const phone = device.name === 'phone';
    const { token, user } = await openSignedIn(page, MONA, '/home', { language });
    await expect(page.getByTestId('feed').getByRole('article').first()).toBeVisible();

    // A phone shows a compact 'Start a post'; it opens the form, focused. A desktop shows the form.
    const start = page.getByTestId('composer-start');
    const form = page.getByTestId('post-composer');
    if (phone) {
      await expect(form).toBeHidden();
      const before = await page.getByTestId('feed').boundingBox();
      expect(before?.y ?? 1000).toBeLessThan(844);
      await snap(page, `first-use-start-post-${language}-${device.name}`);
      await start.click();
      await expect(form).toBeVisible();
      await expect(page.getByTestId('composer-description')).toBeFocused();
    } else {
      await expect(start).toBeHidden();
      await expect(form).toBeVisible();
    }

    // The location picker names each city's country.
    await page.getByTestId('composer-location').fill(texts.city);
    const option = page.getByTestId('composer-cities').getByRole('button', { name: texts.cityOption });
    await expect(option.first()).toBeVisible();
    await option.first().click();

    // A link in a post becomes a safe link.
    const address = `https://tour.example/e2e-${stamp}`;
    await page.getByTestId('composer-description').fill(`Virtual tour ${address}. Ref ${stamp}`);
    await page.getByTestId('composer-type').selectOption('office');
    await page.getByTestId('composer-submit').click();
    const card = page
      .getByTestId('feed')
      .getByRole('article')
      .filter({ hasText: `Ref ${stamp}` });
    await expect(card).toHaveCount(1);
    const link = card.getByTestId('post-description').getByRole('link', { name: address });
    await expect(link).toHaveAttribute('href', address);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    // User-written text takes its own direction.
    await expect(card.getByTestId('post-description')).toHaveAttribute('dir', 'auto');
    await expect(card.getByRole('link', { name: user.name })).toHaveAttribute('dir', 'auto');
    if (phone) await expect(start).toBeVisible();

    // A new picture shows on my own posts at once; removing it asks first.
    await page.goto('/profile');
    await expect(page.getByTestId('own-profile')).toBeVisible();
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/picture') && r.request().method() === 'POST',
    );
    await page
      .getByTestId('picture-input')
      .setInputFiles({ name: `me-${stamp}.png`, mimeType: 'image/png', buffer: makePng(300, 300) });
    const uploaded = await upload;
    expect(uploaded.status()).toBe(200);
    const pictureUrl = z
      .object({ data: z.object({ profile: z.object({ picture: z.object({ url: z.string() }) }) }) })
      .parse(await uploaded.json()).data.profile.picture.url;
    const ownPost = page
      .getByTestId('profile-posts')
      .getByRole('article')
      .filter({ hasText: `Ref ${stamp}` });
    await expect(ownPost.locator('header img').first()).toHaveAttribute('src', pictureUrl);
    await expect(page.getByTestId('profile-bio')).toHaveAttribute('dir', 'auto');

    await dismissToasts(page);
    await page.getByTestId('picture-remove').click();
    const dialog = page.getByRole('alertdialog', { name: texts.removeTitle });
    await expect(dialog).toBeVisible();
    await snap(page, `first-use-remove-picture-${language}-${device.name}`);
    await dialog.getByRole('button', { name: texts.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-picture').locator('img')).toHaveAttribute('src', pictureUrl);
    await page.getByTestId('picture-remove').click();
    const removed = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/picture') && r.request().method() === 'DELETE',
    );
    await page.getByTestId('image-remove-confirm').click();
    expect((await removed).status()).toBe(200);
    await expect(page.getByTestId('profile-picture').locator('img')).toHaveCount(0);
    await expect(ownPost.locator('header img')).toHaveCount(0);
    // Mona keeps a picture for the other journeys.
    const again = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/picture') && r.request().method() === 'POST',
    );
    await page
      .getByTestId('picture-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(300, 300) });
    expect((await again).status()).toBe(200);

    // 'Popular cities' is not announced as 'N cities found'.
    await page.goto('/commercial');
    await page.getByTestId('onboarding-next').click();
    await page.getByTestId('onboarding-next').click();
    await expect(page.getByText(texts.popular, { exact: true })).toBeVisible();
    await expect(page.getByTestId('onboarding-city-results').getByRole('button').first()).toBeVisible();
    await expect(
      page.getByText(/cities found|city found|مدن|مدينة/).filter({ hasText: /\d|[٠-٩]/ }),
    ).toHaveCount(0);

    // The contact form's phone refuses letters.
    await page.goto('/contact');
    await page.getByTestId('contact-phone').fill('abc');
    await page.getByTestId('contact-submit').click();
    await expect(page.getByText(texts.phoneCharacters)).toBeVisible();
    await expect(page.getByTestId('contact-phone')).toHaveAttribute('aria-invalid', 'true');

    // Chat: my bubble's time reads at 4.5:1 or more in the light theme, and links in messages work.
    const noor = await sessionOf(page.request, 'noor@makan.example');
    const auth = { Authorization: `Bearer ${token}` };
    const opened = await page.request.post('/api/chat/conversations', {
      headers: auth,
      data: { user_id: noor.user.id, type: 'private' },
    });
    const { id } = z.object({ data: conversationSchema }).parse(await opened.json()).data;
    const sent = await page.request.post(`/api/chat/conversations/${id}/messages`, {
      headers: auth,
      data: { content: `Plans: ${address} (${stamp})` },
    });
    expect(sent.ok()).toBe(true);
    await page.goto(`/chat/${id}`);
    const mine = page.locator('[data-testid="message"][data-mine="true"]').filter({ hasText: `(${stamp})` });
    await expect(mine.getByRole('link', { name: address })).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(mine.getByTestId('message-text')).toHaveAttribute('dir', 'auto');
    const messageId = await mine.getAttribute('data-message-id');
    const ratio = await contrastOf(
      page,
      `[data-testid="message"][data-message-id="${messageId}"] [data-testid="message-time"]`,
    );
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
}
