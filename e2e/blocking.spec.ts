import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { freshAccount } from './accounts.ts';
import { openSignedIn } from './session.ts';
import { type Language, snapBothThemes } from './support.ts';

/**
 * Blocking (issue 21), in each language, on two fresh accounts that have a conversation and a
 * listing each: Amal blocks Bassam from his profile. Then neither sees the other's listing (profile,
 * search, the listing's own page), their conversation is closed on both sides (Amal is told she
 * blocked; Bassam only that he can no longer write), and Amal unblocks him from Settings.
 */

const TEXTS = {
  en: {
    block: 'Block Bassam Nouri',
    blockedBanner: 'You blocked Bassam Nouri.',
    blockedChat: 'You blocked this account.',
    closedChat: 'You can no longer send messages in this conversation.',
    notFound: 'Post not found',
    unblock: 'Unblock Bassam Nouri',
    none: 'You have not blocked anyone.',
  },
  ar: {
    block: 'حظر Bassam Nouri',
    blockedBanner: 'لقد حظرت Bassam Nouri.',
    blockedChat: 'لقد حظرت هذا الحساب.',
    closedChat: 'لم يعد بإمكانك إرسال رسائل في هذه المحادثة.',
    notFound: 'المنشور غير موجود',
    unblock: 'إلغاء حظر Bassam Nouri',
    none: 'لم تحظر أي حساب.',
  },
} as const;

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

async function listing(token: string, description: string): Promise<number> {
  const res = await api.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { property_type: 'office', description, location: 'Olaya Street, Riyadh' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id;
}

for (const language of ['en', 'ar'] as Language[]) {
  test(`a member blocks another: content hidden both ways, chat closed, unblocked from Settings (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[language];
    const amal = await freshAccount(api, 'Amal Saeed', { language });
    const bassam = await freshAccount(api, 'Bassam Nouri', { language });
    const word = `blocktest${randomBytes(3).toString('hex')}`;
    const amalPost = await listing(amal.token, `Shop by Amal ${word}`);
    const bassamPost = await listing(bassam.token, `Office by Bassam ${word}`);
    const opened = await api.post('/api/chat/conversations', {
      headers: { authorization: `Bearer ${amal.token}` },
      data: { user_id: bassam.user.id },
    });
    const conversationId = (await opened.json()).data.id as number;
    const sent = await api.post(`/api/chat/conversations/${conversationId}/messages`, {
      headers: { authorization: `Bearer ${amal.token}` },
      data: { content: 'Is the office still free?' },
    });
    expect(sent.status()).toBe(201);

    // Amal blocks Bassam from his profile.
    await openSignedIn(page, amal.email, `/user/${bassam.user.id}`, { language });
    await expect(page.getByTestId(`post-${bassamPost}`)).toBeVisible();
    await page.getByRole('button', { name: t.block }).click();
    await page.getByTestId('block-confirm').click();
    await expect(page.getByTestId('blocked-banner')).toContainText(t.blockedBanner);
    await expect(page.getByTestId(`post-${bassamPost}`)).toHaveCount(0);
    await expect(page.getByTestId('follow-button')).toHaveCount(0);
    await expect(page.getByTestId('message-button')).toHaveCount(0);
    await snapBothThemes(page, `blocking-profile-${language}`, async () => {
      await expect(page.getByTestId('blocked-banner')).toBeVisible();
    });

    // Search finds her listing, not his.
    await page.goto(`/search?q=${word}`);
    await expect(page.getByTestId(`post-${amalPost}`)).toBeVisible();
    await expect(page.getByTestId(`post-${bassamPost}`)).toHaveCount(0);
    // Their conversation stays readable, closed, and says why.
    await page.goto(`/chat/${conversationId}`);
    await expect(
      page.getByTestId('message-text').filter({ hasText: 'Is the office still free?' }),
    ).toBeVisible();
    await expect(page.getByTestId('chat-inactive')).toContainText(t.blockedChat);
    await expect(page.getByTestId('composer-input')).toHaveCount(0);

    // Bassam, in a browser of his own: her listing is gone for him too, and the chat is closed
    // without saying he was blocked.
    const context = await browser.newContext();
    const his = await context.newPage();
    await openSignedIn(his, bassam.email, `/search?q=${word}`, { language });
    await expect(his.getByTestId(`post-${bassamPost}`)).toBeVisible();
    await expect(his.getByTestId(`post-${amalPost}`)).toHaveCount(0);
    await his.goto(`/post/${amalPost}`);
    await expect(his.getByTestId(`post-${amalPost}`)).toHaveCount(0);
    await expect(his.getByText(t.notFound).first()).toBeVisible();
    await his.goto(`/chat/${conversationId}`);
    await expect(his.getByTestId('chat-inactive')).toHaveText(t.closedChat);
    await expect(his.getByTestId('composer-input')).toHaveCount(0);
    await context.close();

    // Amal unblocks him from Settings.
    await page.goto('/settings');
    const list = page.getByTestId('blocked-users');
    await list.getByRole('button', { name: t.unblock }).click();
    await expect(list.getByTestId('blocked-users-empty')).toHaveText(t.none);
    await page.goto(`/chat/${conversationId}`);
    await expect(page.getByTestId('composer-input')).toBeVisible();
  });
}
