import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../lib/password.ts';
import { readMail } from '../../test/mime.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { createTestApp } from '../../test/test-app.ts';

const person = (n: number) => ({
  name: 'Huda Al Mansouri',
  email: `huda${n}@example.com`,
  phone: `+97150${String(1_000_000 + n)}`,
  password: 'Secret123',
  password_confirmation: 'Secret123',
  user_type: 'developer',
});

describe('code delivery over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());

  it('mails the code in the user language, with a plain-text part', async () => {
    const { app } = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Makan <codes@makan.test>' });
    try {
      const ar = person(1);
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: ar,
        headers: { 'accept-language': 'ar' },
      });
      const en = person(2);
      await app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...en, language: 'en' } });

      const arMail = smtp.received.find((m) => m.to.includes(ar.email));
      expect(arMail?.from).toBe('codes@makan.test');
      const arRead = readMail(arMail?.raw ?? '');
      expect(arRead.headers).toMatch(/Content-Type: text\/plain/i);
      expect(arRead.subject).toBe('رمز التحقق الخاص بك في مكان');
      const arCode = arRead.text.match(/\d{4}/)?.[0];
      expect(arRead.text).toContain(`رمز التحقق الخاص بك في مكان هو ${arCode}`);

      const enRead = readMail(smtp.received.find((m) => m.to.includes(en.email))?.raw ?? '');
      expect(enRead.subject).toBe('Your Makan verification code');
      const enCode = enRead.text.match(/\d{4}/)?.[0];
      expect(enRead.text).toContain(`Your Makan verification code is ${enCode}.`);

      // The mailed code is the one that verifies.
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { identifier: en.email, code: enCode, type: 'registration' },
      });
      expect(verified.json().message).toBe('Account verified successfully');
    } finally {
      await app.close();
    }
  });
});

describe('the outbox and the SMS provider', () => {
  it('writes email and SMS to DATA_DIR/outbox when no provider is configured', async () => {
    const { app, config } = await createTestApp();
    try {
      const p = { ...person(3), verification_method: 'both' };
      await app.inject({ method: 'POST', url: '/api/auth/register', payload: p });
      const dir = path.join(config.dataDir, 'outbox');
      const records = readdirSync(dir).map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
      expect(records.find((r) => r.channel === 'email')).toMatchObject({
        to: p.email,
        subject: 'Your Makan verification code',
      });
      expect(records.find((r) => r.channel === 'sms')?.text).toMatch(
        /^Makan: your verification code is \d{4}\./,
      );
    } finally {
      await app.close();
    }
  });

  it('sends SMS through the HTTP gateway when SMS_HTTP_URL is set', async () => {
    const received: { auth: string | undefined; body: { to: string; text: string } }[] = [];
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(202).end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const address = gateway.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { app } = await createTestApp({
      SMS_HTTP_URL: `http://127.0.0.1:${port}/send`,
      SMS_HTTP_TOKEN: 'gw-token',
    });
    try {
      const p = { ...person(4), verification_method: 'phone' };
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: p });
      expect(res.statusCode).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]?.auth).toBe('Bearer gw-token');
      expect(received[0]?.body.to).toBe(p.phone);
      expect(received[0]?.body.text).toMatch(/verification code is \d{4}/);
    } finally {
      await app.close();
      gateway.close();
    }
  });
});

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default, and verifies only the right password', async () => {
    const hasher = createPasswordHasher({ cost: 2 ** 17 });
    const stored = await hasher.hash('Secret123');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(stored).not.toContain('Secret123');
    expect(await hasher.verify('Secret123', stored)).toBe(true);
    expect(await hasher.verify('Secret124', stored)).toBe(false);
    // A hash made at another cost still verifies: the parameters travel with it.
    expect(await createPasswordHasher({ cost: 1024 }).verify('Secret123', stored)).toBe(true);
    // Four hashes at the production cost: CPU alone, so on a machine shared with other suites (CI's
    // second lane runs at a lower priority beside the first) it is given two minutes, not twenty seconds.
  }, 120_000);
});
