import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page } from '@playwright/test';

export type Language = 'en' | 'ar';
export type Theme = 'light' | 'dark';

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Opens a path with the language and theme stored as a returning visitor would have them. */
export async function openAs(
  page: Page,
  url: string,
  { language = 'en', theme = 'light' }: { language?: Language; theme?: Theme } = {},
) {
  await page.goto('/about');
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('language', l);
      localStorage.setItem('locale', l);
      localStorage.setItem('theme', t);
    },
    [language, theme] as const,
  );
  await page.goto(url);
  await interactive(page);
}

/**
 * Waits until React has hydrated (or drawn) the page (lib/shell.ts marks <html> interactive). A
 * prerendered page is on screen before that: its buttons and choices take no click yet, but a text
 * box typed into then may not be read by its form (seen: a login sent with another password while a
 * busy CI hydrated the page), so the journeys type once the page answers.
 */
export async function interactive(page: Page) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * Stores a signed-in session the way the app keeps it (spec §3: auth_token and the minimal user),
 * for tests about routing only: the token is fake, so API calls are cut off (the server would
 * rightly refuse it and the app would sign out).
 */
export async function signIn(page: Page, { onboarded }: { onboarded: boolean }) {
  await page.route('**/api/**', (route) => route.abort());
  await page.goto('/about');
  await page.evaluate((withPreferences) => {
    localStorage.setItem('auth_token', 'e2e-token');
    localStorage.setItem(
      'user_data',
      JSON.stringify({
        id: 1,
        name: 'Sara Ahmed',
        email: 'sara@example.com',
        phone: '+966501234567',
        avatar: null,
        preferences: withPreferences
          ? { purpose: 'rent', property_types: ['office'], preferred_locations: [1] }
          : null,
      }),
    );
  }, onboarded);
}

export async function snap(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the sticky header where the scroll left it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

export const DEMO_PASSWORD = 'Demo1234';

/**
 * How long a sign-in through the form may take before the page moves on. Under CI's load (the PostgreSQL
 * lane's hard suite beside the journeys) a sign-in — scrypt at production cost, then the session, on the
 * embedded database's one connection — stayed on "Logging in…" past the default 5 s in two fresh-clone runs
 * of 2026-11-27 (8b6a6c4e, 1fcb2218); on a quiet machine it takes well under a second.
 */
export const SIGN_IN_WAIT = 20_000;

/** Logs in through the login form, in the given language. */
export async function logIn(page: Page, email: string, language: Language, password = DEMO_PASSWORD) {
  await openAs(page, '/login', { language });
  await page.getByTestId('login-identifier').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: SIGN_IN_WAIT });
}

/** Another browser context (its own storage): a second user. */
export async function secondUser(browser: Browser, email: string, language: Language) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, language);
  return { context, page };
}

export async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

/** Waits for the pictures on screen (lazy ones further down load as they come into view). */
export async function picturesLoaded(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete && image.naturalWidth > 0),
  );
}

/** Toasts of earlier steps would cover the page. */
export async function dismissToasts(page: Page) {
  for (const toast of await page.getByTestId('toast').all()) {
    await toast
      .getByRole('button')
      .click({ timeout: 1000 })
      .catch(() => {});
  }
}

/** Both themes of the page as it is now, then back to light. */
export async function snapBothThemes(page: Page, name: string, ready: () => Promise<void>) {
  await dismissToasts(page);
  await picturesLoaded(page);
  await snap(page, `${name}-light`);
  await setTheme(page, 'dark');
  await ready();
  await picturesLoaded(page);
  await snap(page, `${name}-dark`);
  await setTheme(page, 'light');
  await ready();
}
