import { expect, test } from '@playwright/test';
import { type Language, openAs, snap, type Theme } from './support.ts';

const pages = [
  { name: 'signup', path: '/signup' },
  { name: 'login', path: '/login' },
  { name: 'verification-email', path: '/verification-email' },
  { name: 'verification', path: '/verification' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'forgot-otp', path: '/forgot-otp' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'linkedin-callback', path: '/linkedin-callback?error=access_denied&state=x' },
  { name: 'about', path: '/about' },
  { name: 'contact', path: '/contact' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-of-service', path: '/terms-of-service' },
  { name: 'faq', path: '/faq' },
  { name: 'settings', path: '/settings' },
  { name: 'companies', path: '/companies' },
  { name: 'not-found', path: '/no-such-page' },
];

// Every page in both languages and both themes, saved to e2e/screenshots/ for people to look at.
for (const language of ['en', 'ar'] as Language[]) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`pages in ${language}, ${theme}`, async ({ page }) => {
      // Sixteen pages, each loaded twice and captured whole: more than the default 30 s on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1280, height: 860 });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      for (const { name, path } of pages) {
        await openAs(page, path, { language, theme });
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await snap(page, `${name}-${language}-${theme}`);
      }
      // The 404 page's own document request logs one expected console error.
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    });
  }
}

test('the contact page on a 360 px phone, both languages', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const language of ['en', 'ar'] as Language[]) {
    await openAs(page, '/contact', { language });
    await expect(page.getByTestId('contact-form')).toBeVisible();
    await snap(page, `contact-${language}-phone`);
  }
});
