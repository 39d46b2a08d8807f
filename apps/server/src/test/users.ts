import type { App } from '../lib/http.ts';
import type { capturedMessages } from './auth-helpers.ts';

let seq = 0;

/**
 * Registers, verifies (reading the captured code) and logs in a new user over HTTP; returns
 * the user id, token and credentials. `messages` is the app's captured mailer.
 */
export async function signedInUser(
  app: App,
  messages: ReturnType<typeof capturedMessages>,
  overrides: { name?: string; user_type?: 'retail' | 'developer'; language?: 'en' | 'ar' } = {},
) {
  seq += 1;
  const stamp = `${process.pid}${seq}`.slice(-7).padStart(7, '0');
  const person = {
    name: overrides.name ?? 'Test User',
    email: `user${stamp}.${seq}@example.com`,
    phone: `+96655${stamp}`,
    password: 'Secret123',
    password_confirmation: 'Secret123',
    user_type: overrides.user_type ?? 'retail',
    ...(overrides.language ? { language: overrides.language } : {}),
  };
  const ip = `203.0.${Math.floor(seq / 200)}.${(seq % 200) + 1}`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: person,
    remoteAddress: ip,
  });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.body}`);
  const code = messages.lastEmailCode(person.email);
  const ver = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { identifier: person.email, code },
    remoteAddress: ip,
  });
  if (ver.statusCode !== 200) throw new Error(`verify: ${ver.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: person.email, password: person.password },
    remoteAddress: ip,
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  const { token, user } = login.json().data as { token: string; user: { id: number } };
  return { id: user.id, token, ...person, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A request as `user` (anonymous with null) through `app()` (a getter: test files assign their app
 * in beforeAll), JSON body when given.
 */
export const requestAs =
  (app: () => App) =>
  (
    user: { auth: Record<string, string> } | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app().inject({ method, url, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });
