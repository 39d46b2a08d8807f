import { loginResult } from '@makan/contract/auth';
import { toMinimalUser } from '@makan/contract/minimal-user';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { DEMO_PASSWORD, interactive, type Language, type Theme } from './support.ts';

/** The phone and desktop sizes each journey of issue 19 runs at. */
export const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;
export type Device = (typeof DEVICES)[number];

/** Every language at every size: one test each. */
export const MATRIX: ReadonlyArray<{ language: Language; device: Device }> = (['en', 'ar'] as const).flatMap(
  (language) => DEVICES.map((device) => ({ language, device })),
);

type Session = z.infer<typeof loginResult>;
const sessions = new Map<string, Promise<Session>>();

/**
 * One login per account and worker (logins are rate-limited per address: the journeys would use
 * the budget up): the token and the user, kept for every test of the worker.
 */
export function sessionOf(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Session> {
  let session = sessions.get(email);
  if (!session) {
    session = (async () => {
      const response = await request.post('/api/auth/login', { data: { identifier: email, password } });
      expect(response.ok(), `login of ${email}`).toBe(true);
      const body = z.object({ data: loginResult }).parse(await response.json());
      return body.data;
    })();
    sessions.set(email, session);
  }
  return session;
}

/** Keeps a session signed in elsewhere (a fresh account's first login) for `openSignedIn`. */
export function rememberSession(email: string, session: Session): void {
  sessions.set(email, Promise.resolve(session));
}

/**
 * Opens `url` signed in as `email`, in the language and theme given: the session stored as the app
 * stores it after a login (spec §3: auth_token and the minimal user).
 */
export async function openSignedIn(
  page: Page,
  email: string,
  url: string,
  { language, theme = 'light', password }: { language: Language; theme?: Theme; password?: string },
) {
  const { token, user } = await sessionOf(page.request, email, password);
  await page.goto('/about');
  await page.evaluate(
    ({ token, user, language, theme }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('user_data', JSON.stringify(user));
      localStorage.setItem('user_email', user.email);
      localStorage.setItem('user_phone', user.phone);
      localStorage.setItem('language', language);
      localStorage.setItem('locale', language);
      localStorage.setItem('theme', theme);
    },
    {
      token,
      user: toMinimalUser(user),
      language,
      theme,
    },
  );
  await page.goto(url);
  await interactive(page);
  return { token, user };
}
