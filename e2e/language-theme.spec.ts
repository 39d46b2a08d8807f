import { expect, test } from '@playwright/test';
import { openAs } from './support.ts';

test.describe('language', () => {
  test('Arabic sets lang and dir=rtl, mirrors the layout and survives a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const brand = page.getByRole('banner').getByRole('link').first();
    const ltrBox = await brand.boundingBox();

    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('عن مكان');

    // The brand sits at the start of the header: the left in English, the right in Arabic.
    const rtlBox = await brand.boundingBox();
    expect(ltrBox && ltrBox.x < 640).toBe(true);
    expect(rtlBox && rtlBox.x + rtlBox.width > 640).toBe(true);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');

    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Makan');
  });

  test('the Arabic pages read right to left on a small phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAs(page, '/faq', { language: 'ar' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأسئلة الشائعة');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('mobile-menu')).toBeVisible();
  });
});

test.describe('theme', () => {
  test('dark mode applies at once and persists across reload, with no light flash', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBg).not.toBe(lightBg);

    // The class must be on <html> before any module script runs: check it from the first parsed script.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { themeAtParse: string }).themeAtParse = document.documentElement.className;
        }
      });
    });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => (window as unknown as { themeAtParse: string }).themeAtParse)).toContain(
      'dark',
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBg);
  });

  test('settings change theme and language', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await page.getByTestId('settings-theme').getByText('Dark').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByTestId('settings-language').getByText('العربية').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'الإعدادات' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});
