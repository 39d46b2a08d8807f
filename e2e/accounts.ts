import { loginResult } from '@makan/contract/auth';
import { type APIRequestContext, expect } from '@playwright/test';
import { z } from 'zod';
import { codeFromOutbox } from './outbox.ts';
import { rememberSession } from './session.ts';

const PASSWORD = 'Fresh1234';

/**
 * The accounts the moderation journey signs up as, one per language: the e2e server's ADMIN_EMAILS
 * (playwright.config.ts) makes them admins when they sign in.
 */
type AdminJourney = 'moderation' | 'verification' | 'licences';
export const adminEmail = (language: 'en' | 'ar', journey: AdminJourney = 'moderation') =>
  `${journey}.admin.${language}@e2e.example`;
export const ADMIN_EMAILS = (['moderation', 'verification', 'licences'] as const).flatMap((journey) =>
  (['en', 'ar'] as const).map((language) => adminEmail(language, journey)),
);
let count = 0;

/**
 * A new verified account of its own, for a journey whose state must not be shared with the others
 * running beside it (who is online, settings it switches). Registered through the API as a person
 * would be, from an address of its own (the e2e server believes the loopback proxy's
 * X-Forwarded-For), so the per-address sign-up limit counts each as a different person.
 */
export async function freshAccount(
  request: APIRequestContext,
  name: string,
  {
    language,
    email: fixedEmail,
    userType = 'retail',
  }: { language?: 'en' | 'ar'; email?: string; userType?: 'retail' | 'developer' } = {},
) {
  count += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${count}`;
  const email =
    fixedEmail ?? `${name.toLowerCase().replaceAll(/[^a-z]/g, '') || 'member'}.${tag}@e2e.example`;
  const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const headers = {
    'x-forwarded-for': `10.${count % 250}.${Math.floor(Math.random() * 250)}.${(process.pid % 250) + 1}`,
  };
  const registered = await request.post('/api/auth/register', {
    headers,
    data: {
      name,
      email,
      phone,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      user_type: userType,
      verification_method: 'email',
      ...(language ? { language } : {}),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = await codeFromOutbox(email);
  const verified = await request.post('/api/auth/verify-otp', {
    headers,
    data: { identifier: email, code, type: 'registration' },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const login = await request.post('/api/auth/login', {
    headers,
    data: { identifier: email, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const session = z.object({ data: loginResult }).parse(await login.json()).data;
  rememberSession(email, session);
  return { email, password: PASSWORD, ...session };
}
