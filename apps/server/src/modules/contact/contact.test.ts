import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { App } from '../../lib/http.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createContactRepository } from './contact.repository.ts';

const valid = {
  firstName: 'Layla',
  lastName: 'Haddad',
  email: 'layla@example.com',
  phone: '+966 50 123 4567',
  subject: 'Listing a warehouse',
  message: 'I would like to list two warehouses in Dammam. How do I start?',
};

let now = new Date('2026-11-22T10:00:00Z');
const clock: Clock = { now: () => now };
let app: App;
let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ipCounter = 1;
const nextIp = () => `10.0.0.${ipCounter++}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app, database } = await createTestApp(
    { SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@makan.test', MAIL_FROM: 'Makan <no-reply@makan.test>' },
    { clock },
  ));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const post = (payload: unknown, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

describe('POST /api/contact', () => {
  it('stores the message, mails it to support and answers 201', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ status: true, message: TEXT.contactSent, data: { id: expect.any(Number) } });
    const row = await createContactRepository(database.db).findById(body.data.id);
    expect(row).toMatchObject({ email: valid.email, message: valid.message, mailStatus: 'sent' });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['help@makan.test']);
    expect(mail?.raw).toContain('Listing a warehouse');
    expect(mail?.raw).toContain('Dammam');
  });

  it('requires every field, in the spec words', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe(HTTP_TEXT[422]);
    for (const field of Object.keys(valid)) expect(body.errors[field]).toEqual([TEXT.required]);
  });

  it('treats blank fields as missing', async () => {
    const res = await post({ ...valid, firstName: '   ', subject: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ firstName: [TEXT.required], subject: [TEXT.required] });
  });

  it('checks the email and the message length', async () => {
    const res = await post({ ...valid, email: 'layla@', message: 'too short' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['Please enter a valid email address'],
      message: ['Must be at least 10 characters'],
    });
    const long = await post({ ...valid, message: 'x'.repeat(5001) });
    expect(long.json().errors).toEqual({ message: ['Must be at most 5000 characters'] });
  });

  it('refuses letters in the phone, in the words of the signup form (issue 19)', async () => {
    const res = await post({ ...valid, phone: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: [TEXT.phoneCharacters] });
    expect((await post({ ...valid, phone: '(050) 123-4567' })).statusCode).toBe(201);
  });

  it('stores nothing when the input is invalid', async () => {
    const before = (await post(valid)).json().data.id as number;
    await post({ ...valid, email: 'bad' });
    const after = (await post(valid)).json().data.id as number;
    expect(await createContactRepository(database.db).findById(before + 1)).toMatchObject({ id: after });
  });

  it('limits one address to 5 messages in 10 minutes, with Retry-After', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < 5; i++) expect((await post(valid, ip)).statusCode).toBe(201);
    const limited = await post(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      request_id: expect.any(String),
      status: false,
      message: HTTP_TEXT[429],
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(valid, '192.0.2.8')).statusCode).toBe(201);
    now = new Date(now.getTime() + 10 * 60_000);
    expect((await post(valid, ip)).statusCode).toBe(201);
  });
});

describe('POST /api/contact when mail fails', () => {
  it('keeps the message and marks it failed', async () => {
    const failing = await startSmtpServer({ rejectWith: 'mailbox unavailable' });
    const t = await createTestApp({ SMTP_URL: failing.url });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
      expect(res.statusCode).toBe(201);
      const row = await createContactRepository(t.database.db).findById(res.json().data.id);
      expect(row).toMatchObject({ subject: valid.subject, mailStatus: 'failed' });
    } finally {
      await t.app.close();
      await failing.close();
    }
  });
});
