import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { makePng } from './png.ts';
import { dismissToasts, type Language, logIn, picturesLoaded, setTheme, snap } from './support.ts';

/** A minimal valid one-page PDF, made here (the server recognises files by their bytes). */
function makePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const SARA = { email: 'sara@makan.example', name: 'Sara Al Harbi', search: 'Sara' };
const OMAR = { email: 'omar@makan.example', name: 'عمر الحداد', search: 'عمر' };

const TEXTS: Record<Language, { hello: string; reply: string; typing: RegExp }> = {
  en: {
    hello: 'Hello Omar, is the Olaya office still available?',
    reply: 'نعم، المكتب متاح. Yes, it is available.',
    typing: /is typing/,
  },
  ar: {
    hello: 'مرحبًا عمر، هل ما زال مكتب العليا متاحًا؟',
    reply: 'Yes — نعم، ما زال متاحًا.',
    typing: /is typing|يكتب/,
  },
};

/** The header's unread total (0 when the badge is not shown). */
async function unreadBadge(page: Page): Promise<number> {
  // Read in one step: the badge may go away between two separate looks.
  return page.evaluate(() =>
    Number(
      document
        .querySelector('[data-testid="nav-chat"] [data-testid="chat-unread-badge"]')
        ?.getAttribute('data-count') ?? 0,
    ),
  );
}

async function online(page: Page) {
  await expect(page.getByTestId('chat-connection').first()).toHaveAttribute('data-status', 'online', {
    timeout: 15_000,
  });
}

/**
 * Every status the chat's connection indicator shows, in order, from each page load on: a signed-in
 * user's connection opens once the page is idle, and until then it must read "connecting", never
 * "offline" (it once did).
 */
async function recordConnectionStatuses(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { chatStatuses: string[] }).chatStatuses = seen;
    const look = () => {
      const status = document.querySelector('[data-testid="chat-connection"]')?.getAttribute('data-status');
      if (status && seen.at(-1) !== status) seen.push(status);
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

async function statusesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { chatStatuses: string[] }).chatStatuses);
}

async function userIn(browser: Browser, email: string, language: Language) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await recordConnectionStatuses(context);
  const page = await context.newPage();
  await logIn(page, email, language);
  return { context, page };
}

// Both runs use the same two demo accounts and count unread messages: one after the other.
test.describe.configure({ mode: 'serial' });

for (const language of ['en', 'ar'] as Language[]) {
  test(`chat: two people in real time, photo and PDF, typing, read ticks, unread badge (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[language];
    const stamp = `${Date.now()}`.slice(-6);
    // Sara writes in the run's language; Omar reads in the other one (one of the two is in Arabic).
    const sara = await userIn(browser, SARA.email, language);
    const omar = await userIn(browser, OMAR.email, language === 'en' ? 'ar' : 'en');
    const a = sara.page;
    const b = omar.page;

    // Omar is elsewhere in the app: the header counts what arrives.
    const counted = b.waitForResponse((response) => response.url().includes('/api/chat/unread-count'));
    await b.goto('/home');
    await expect(b.getByTestId('nav-chat')).toBeVisible();
    await counted;
    await b.waitForTimeout(500);
    const before = await unreadBadge(b);

    // Sara finds Omar in the people picker; the (existing or new) conversation opens.
    await a.goto('/chat/new');
    await a.getByTestId('people-search').fill(OMAR.search);
    await a.getByTestId('person-row').filter({ hasText: OMAR.name }).first().click();
    await expect(a).toHaveURL(/\/chat\/\d+$/);
    const conversationUrl = new URL(a.url()).pathname;
    await expect(a.getByTestId('thread-name')).toHaveText(OMAR.name);
    await online(a);

    const hello = `${texts.hello} ${stamp}`;
    await a.getByTestId('composer-input').fill(hello);
    await a.getByTestId('composer-input').press('Enter');
    const mine = a.getByTestId('message').filter({ hasText: hello });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('message-status')).toHaveAttribute('data-status', 'sent');

    // Omar's header counts it, live.
    await expect.poll(() => unreadBadge(b), { timeout: 15_000 }).toBe(before + 1);

    // Omar opens the chat: the conversation shows it unread, opening it reads it.
    await b.getByTestId('nav-chat').click();
    const row = b.locator(`[data-testid="conversation-row"][href="${conversationUrl}"]`);
    await expect(row.getByTestId('conversation-preview')).toContainText(hello);
    await expect(row.getByTestId('conversation-unread')).toBeVisible();
    await row.click();
    await expect(b.getByTestId('message').filter({ hasText: hello })).toHaveCount(1);
    // Opening it read everything in it (older unread ones too): the count drops below where it was.
    await expect.poll(() => unreadBadge(b), { timeout: 15_000 }).toBeLessThanOrEqual(before);
    // Sara's tick turns to read.
    await expect(mine.getByTestId('message-status')).toHaveAttribute('data-status', 'read', {
      timeout: 15_000,
    });
    await online(b);

    // Omar types: Sara sees it; he stops (clears the box): it goes.
    await b.getByTestId('composer-input').pressSequentially('…', { delay: 50 });
    await expect(a.getByTestId('typing-indicator')).toBeVisible({ timeout: 10_000 });
    await b.getByTestId('composer-input').fill('');
    await expect(a.getByTestId('typing-indicator')).toBeHidden({ timeout: 10_000 });

    // Omar answers (mixed Arabic and English): Sara sees it at once, and it counts as read there.
    const reply = `${texts.reply} ${stamp}`;
    await b.getByTestId('composer-input').fill(reply);
    await b.getByTestId('composer-send').click();
    await expect(a.getByTestId('message').filter({ hasText: reply })).toHaveCount(1);
    await expect(
      b.getByTestId('message').filter({ hasText: reply }).getByTestId('message-status'),
    ).toHaveAttribute('data-status', 'read', { timeout: 15_000 });

    // A photo, then a PDF, from Sara.
    await a.getByTestId('composer-file-input').setInputFiles({
      name: `office-${stamp}.png`,
      mimeType: 'image/png',
      buffer: makePng(900, 600),
    });
    await expect(a.getByTestId('composer-file')).toContainText(`office-${stamp}.png`);
    await a.getByTestId('composer-send').click();
    await expect(b.getByTestId('chat-image').last()).toBeVisible({ timeout: 20_000 });
    await expect(b.getByTestId('chat-image').last().locator('img')).toHaveJSProperty('complete', true);
    await a.getByTestId('composer-file-input').setInputFiles({
      name: `floor-plan-${stamp}.pdf`,
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await a.getByTestId('composer-send').click();
    const pdf = b.getByTestId('chat-file').filter({ hasText: `floor-plan-${stamp}.pdf` });
    await expect(pdf).toBeVisible({ timeout: 20_000 });
    const href = await pdf.getAttribute('href');
    expect(href).toBeTruthy();
    const download = await b.request.get(href ?? '');
    expect(download.ok()).toBe(true);
    expect((await download.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

    // A file the chat does not take is refused before any upload.
    await a.getByTestId('composer-file-input').setInputFiles({
      name: 'script.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await expect(a.getByTestId('composer-error')).toBeVisible();

    // The image opens large.
    await b.getByTestId('chat-image').last().click();
    await expect(b.getByTestId('chat-image-viewer')).toBeVisible();
    await b.keyboard.press('Escape');
    await expect(b.getByTestId('chat-image-viewer')).toBeHidden();

    // Screens: Sara's (the run's language) at desktop and phone widths.
    await dismissToasts(a);
    await picturesLoaded(a);
    await snap(a, `chat-thread-${language}-1280`);
    await a.setViewportSize({ width: 390, height: 844 });
    await expect(a.getByTestId('chat-back')).toBeVisible();
    await picturesLoaded(a);
    await snap(a, `chat-thread-${language}-390`);
    await a.getByTestId('chat-back').click();
    await expect(a.getByTestId('conversation-list')).toBeVisible();
    await snap(a, `chat-list-${language}-390`);
    await a.setViewportSize({ width: 1280, height: 900 });

    // After a reload (dark theme), everything is still there: loaded again from the server.
    await a.goto(conversationUrl);
    await setTheme(a, 'dark');
    await expect(a.getByTestId('message').filter({ hasText: reply })).toHaveCount(1);
    await expect(a.getByTestId('chat-file').filter({ hasText: `floor-plan-${stamp}.pdf` })).toBeVisible();
    await picturesLoaded(a);
    await online(a);
    expect(await statusesSeen(a)).toEqual(['connecting', 'online']);
    await snap(a, `chat-thread-${language}-1280-dark`);
    await setTheme(a, 'light');

    await sara.context.close();
    await omar.context.close();
  });
}
