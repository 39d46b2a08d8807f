import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

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
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
