import { expect, test } from '@playwright/test';
import { makePng } from './png.ts';
import { type Language, logIn, secondUser, snapBothThemes } from './support.ts';

const TEXTS: Record<Language, { created: string; city: string; cityName: RegExp; comment: string }> = {
  en: {
    created: 'Post created successfully!',
    city: 'Riy',
    cityName: /Riyadh/,
    comment: 'Is parking included?',
  },
  ar: {
    created: 'تم إنشاء المنشور بنجاح!',
    city: 'الرياض',
    cityName: /الرياض/,
    comment: 'هل يشمل العرض مواقف سيارات؟',
  },
};

// The runs share the demo accounts and check what tops the feed, so one after the other.
test.describe.configure({ mode: 'serial' });

for (const language of ['en', 'ar'] as Language[]) {
  test(`posts: create, like, bookmark, comment, search, permissions (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const texts = TEXTS[language];
    const stamp = `${Date.now()}`.slice(-7);
    const keyword = `e2e${stamp}${language}`;
    const description =
      language === 'ar'
        ? `مكتب جاهز في العليا (Olaya) بمساحة مفتوحة ${keyword}`
        : `Fitted office floor in Olaya (العليا), open plan ${keyword}`;

    await logIn(page, 'sara@makan.example', language);
    await page.goto('/home');
    await expect(page.getByTestId('feed')).toBeVisible();

    // Composer: two photos made here, compressed by the browser, a type and a city.
    await page.getByTestId('composer-description').fill(description);
    await page.getByTestId('composer-photos-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: makePng(1600, 1200) },
      { name: 'inside.png', mimeType: 'image/png', buffer: makePng(800, 1000) },
    ]);
    await expect(page.getByTestId('composer-previews').getByRole('listitem')).toHaveCount(2);
    await page.getByTestId('composer-type').selectOption('office');
    await page.getByTestId('composer-location').fill(texts.city);
    await page.getByTestId('composer-cities').getByRole('button', { name: texts.cityName }).first().click();
    await page.getByTestId('composer-listing-toggle').click();
    await snapBothThemes(page, `posts-composer-${language}`, async () => {
      await expect(page.getByTestId('feed')).toBeVisible();
    });
    // The theme switch reloaded the page: fill the composer again.
    await page.getByTestId('composer-description').fill(description);
    await page.getByTestId('composer-photos-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: makePng(1600, 1200) },
      { name: 'inside.png', mimeType: 'image/png', buffer: makePng(800, 1000) },
    ]);
    await expect(page.getByTestId('composer-previews').getByRole('listitem')).toHaveCount(2);
    await page.getByTestId('composer-type').selectOption('office');
    await page.getByTestId('composer-location').fill(texts.city);
    await page.getByTestId('composer-cities').getByRole('button', { name: texts.cityName }).first().click();
    await page.getByTestId('composer-submit').click();
    await expect(page.getByText(texts.created)).toBeVisible();

    // It is at the top of the feed, with both photos and the city in the page's language. (Other
    // journeys post at the same time, so a listing of theirs may come first: the card is found by its
    // words and then held by its id, never as "the first card".)
    const created = page.getByTestId('feed').getByRole('article').filter({ hasText: keyword });
    await expect(created).toHaveCount(1);
    const testId = await created.getAttribute('data-testid');
    const postId = Number(testId?.replace('post-', ''));
    expect(postId).toBeGreaterThan(0);
    const card = page.getByTestId(`post-${postId}`);
    const order = await page
      .getByTestId('feed')
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => article.getAttribute('data-testid')));
    expect(order.slice(0, 3), 'among the newest few').toContain(`post-${postId}`);
    await expect(card.getByTestId('post-description')).toHaveText(description);
    await expect(card.getByTestId('post-photos').getByRole('img')).toHaveCount(2);
    await expect(card.getByTestId('post-location')).toHaveText(texts.cityName);

    // Like and bookmark change the counts (and survive a reload: the server kept them).
    await card.getByTestId('post-like').click();
    await expect(card.getByTestId('post-likes-count')).toHaveText(/^[1١]$/);
    await card.getByTestId('post-bookmark').click();
    await expect(card.getByTestId('post-bookmarks-count')).toHaveText(/^[1١]$/);
    await page.reload();
    const fresh = page.getByTestId(`post-${postId}`);
    await expect(fresh.getByTestId('post-like')).toHaveAttribute('aria-pressed', 'true');
    await expect(fresh.getByTestId('post-bookmark')).toHaveAttribute('aria-pressed', 'true');
    await page.setViewportSize({ width: 360, height: 800 });
    await snapBothThemes(page, `posts-feed-360-${language}`, async () => {
      await expect(page.getByTestId('feed')).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The post page: a comment raises the count.
    await page.goto(`/post/${postId}`);
    await page.getByTestId('comment-input').fill(texts.comment);
    await page.getByTestId('comment-submit').click();
    await expect(page.getByTestId('comments-list')).toContainText(texts.comment);
    await expect(page.getByTestId('post-comments-count')).toHaveText(/^[1١]$/);
    await page.getByTestId('comment-reply').first().click();
    await page.getByTestId('reply-input').fill(language === 'ar' ? 'نعم، موقفان.' : 'Yes, two spaces.');
    await page.getByTestId('reply-submit').click();
    await expect(page.getByTestId('comment-replies')).toBeVisible();
    await snapBothThemes(page, `posts-post-${language}`, async () => {
      await expect(page.getByTestId('comments-list')).toBeVisible();
    });

    // The owner edits it: a price appears on the card.
    await page.getByTestId('post-edit').first().click();
    await page.getByTestId('post-edit-price').fill('250000');
    await page.getByTestId('post-edit-currency').selectOption('SAR');
    await page.getByTestId('post-edit-save').click();
    await expect(page.getByTestId('post-edit-dialog')).toHaveCount(0);
    await expect(page.getByTestId(`post-${postId}`)).toContainText(/250[,٬]?000|٢٥٠[,٬]?٠٠٠/);

    // Bookmarks list it.
    await page.goto('/bookmarks');
    await expect(page.getByTestId(`post-${postId}`)).toBeVisible();

    // Search finds it, and remembers the keyword.
    await page.goto('/search');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-error')).toBeVisible();
    await page.getByTestId('search-input').fill(`  ${keyword} `);
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId(`post-${postId}`)).toBeVisible();
    await snapBothThemes(page, `posts-search-${language}`, async () => {
      await expect(page.getByTestId(`post-${postId}`)).toBeVisible();
    });
    // By an English word and by an Arabic word (with and without the article).
    for (const word of ['olaya', 'العليا', 'عليا']) {
      await page.getByTestId('search-input').fill(word);
      await page.getByTestId('search-submit').click();
      await expect(page.getByTestId(`post-${postId}`), word).toBeVisible();
    }
    await page.goto('/search');
    await expect(page.getByTestId('recent-search').first()).toHaveText('عليا');
    await expect(page.getByTestId('recent-search').nth(3)).toHaveText(keyword);

    // Another user sees it but cannot delete it.
    const other = await secondUser(browser, 'noor@makan.example', language);
    await other.page.goto(`/post/${postId}`);
    await expect(other.page.getByTestId(`post-${postId}`)).toBeVisible();
    await expect(other.page.getByTestId('post-delete')).toHaveCount(0);
    const token = await other.page.evaluate(() => localStorage.getItem('auth_token'));
    const refused = await other.page.request.delete(`/api/posts/${postId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    await other.context.close();

    // The author can.
    await page.goto(`/post/${postId}`);
    await page.getByTestId('post-delete').click();
    await page.getByTestId('post-delete-confirm').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId(`post-${postId}`)).toHaveCount(0);
  });
}
