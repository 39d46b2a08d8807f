import { expect, type Page, test } from '@playwright/test';
import { DEVICES, openSignedIn } from './session.ts';
import { openAs } from './support.ts';

// Issue 17: pages arrive prerendered and React adopts them. Whatever React renders differently from
// the build (the reader's screen size, who is signed in) moves the page the reader already sees: the
// /home composer did, on a phone (CLS 0.37). Each prerendered page, at each size and in each
// language, must hold still while it loads and hydrates (the CLS ≤ 0.02).
const SIGNED_OUT = ['/login', '/signup', '/forgot-password', '/companies', '/about', '/faq'];
const SIGNED_IN = ['/home', '/post/1', '/chat'];

/** Sums the page's layout shifts (those not caused by input) from its very start. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Hydration and the reader's own state render within a few frames of the last response.
  await page.waitForTimeout(400);
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

for (const language of ['en', 'ar'] as const) {
  for (const device of DEVICES) {
    test(`prerendered pages hold still while they hydrate (${language}, ${device.name})`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(device.viewport);
      await watchShifts(page);
      await openAs(page, '/about', { language });
      for (const path of SIGNED_OUT) {
        expect.soft(await shiftOf(page, path), `layout shift of ${path}`).toBeLessThanOrEqual(0.02);
      }
      const context = await browser.newContext({ viewport: device.viewport });
      const member = await context.newPage();
      await watchShifts(member);
      await openSignedIn(member, 'sara@makan.example', '/about', { language });
      for (const path of SIGNED_IN) {
        expect.soft(await shiftOf(member, path), `layout shift of ${path}`).toBeLessThanOrEqual(0.02);
      }
      await context.close();
    });
  }
}
