import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { openSignedIn } from './session.ts';
import { type Language, snap } from './support.ts';

/**
 * Mentions (issue 22), in each language: a second person types `@Sa…` in a comment, picks Sara from
 * the people picker (with the keyboard in one language, the mouse in the other), and posts; Sara's
 * bell counts it, her notifications page says who mentioned her and what they wrote, and the
 * comment shows her name as a link to her profile.
 */

const TEXTS = {
  en: { sara: 'Sara Mentioned', typed: '@Sa', mentioned: 'mentioned you', label: 'People to mention' },
  ar: { sara: 'سارة المذكورة', typed: '@سا', mentioned: 'أشار إليك', label: 'أشخاص للإشارة إليهم' },
} as const;

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

for (const language of ['en', 'ar'] as Language[]) {
  test(`a comment mentions Sara, picked from the list; her bell tells her (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const owner = await freshAccount(api, 'Mention Owner', { language });
    const writer = await freshAccount(api, 'Basim Writer', { language });
    const sara = await freshAccount(api, texts.sara, { language });
    // Sara is someone the writer follows: the picker lists her first.
    expect(
      (await api.post(`/api/profiles/${sara.user.id}/follow`, { headers: auth(writer.token) })).ok(),
    ).toBe(true);
    const created = await api.post('/api/posts', {
      headers: auth(owner.token),
      multipart: {
        property_type: 'office',
        description: 'Offices on King Fahd Road',
        location: 'Olaya Street',
        price: '1200000',
        currency: 'SAR',
        status: 'available',
      },
    });
    expect(created.status()).toBe(201);
    const postId = (await created.json()).data.id as number;

    // The writer types @Sa… in a comment and picks Sara.
    const writerContext = await browser.newContext();
    const page = await writerContext.newPage();
    await openSignedIn(page, writer.email, `/post/${postId}`, { language });
    const box = page.getByTestId('comment-input');
    await box.click();
    await box.pressSequentially(`${language === 'en' ? 'Please ask' : 'اسأل'} ${texts.typed}`, { delay: 30 });
    const list = page.getByRole('listbox', { name: texts.label });
    await expect(list).toBeVisible();
    const first = list.getByRole('option').first();
    await expect(first).toContainText(texts.sara);
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await snap(page, `mentions-picker-${language}`);
    if (language === 'en') await box.press('Enter');
    else await first.click();
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(new RegExp(`@${texts.sara} $`));
    await box.pressSequentially(language === 'en' ? 'about parking' : 'عن المواقف');
    await page.getByTestId('comment-submit').click();
    const link = page.getByTestId('mention-link');
    await expect(link).toHaveText(`@${texts.sara}`);
    await expect(link).toHaveAttribute('href', `/user/${sara.user.id}`);
    await snap(page, `mentions-comment-${language}`);
    await writerContext.close();

    // Sara saved the listing; its price comes down: she is told that too, with the new price.
    expect((await api.post(`/api/posts/${postId}/bookmark`, { headers: auth(sara.token) })).ok()).toBe(true);
    const cheaper = await api.put(`/api/posts/${postId}`, {
      headers: auth(owner.token),
      data: { price: 1100000 },
    });
    expect(cheaper.ok(), await cheaper.text()).toBe(true);

    // Sara's bell counts them (and the writer's follow); her page says who and what, the latest first.
    const saraContext = await browser.newContext();
    const saraPage = await saraContext.newPage();
    await openSignedIn(saraPage, sara.email, '/home', { language });
    const badge = saraPage.getByTestId('notifications-bell').getByTestId('notifications-badge');
    await expect(badge).toHaveText(new Intl.NumberFormat(language).format(3), { timeout: 15_000 });
    await saraPage.getByTestId('notifications-bell').click();
    const items = saraPage.locator('[data-testid^="notification-"][data-read]');
    const money = (n: number) =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'SAR',
        maximumFractionDigits: 0,
      }).format(n);
    await expect(items.first().getByTestId('notification-change')).toHaveText(
      language === 'en'
        ? `Price: ${money(1200000)} → ${money(1100000)}`
        : `السعر: ${money(1200000)} ← ${money(1100000)}`,
    );
    const item = items.nth(1);
    await expect(item).toContainText(texts.mentioned);
    await expect(item).toContainText('Basim Writer');
    await expect(item.getByTestId('notification-excerpt')).toContainText(`@${texts.sara}`);
    await snap(saraPage, `mentions-notification-${language}`);
    await item.click();
    await expect(saraPage).toHaveURL(new RegExp(`/comment/${postId}/\\d+$`));
    await saraContext.close();
  });
}
