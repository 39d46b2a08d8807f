import { createServer } from 'node:net';
import { TEXT } from '@makan/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { oauthStates, socialAccounts } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { sha256 } from '../../lib/hash.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { startOidcProvider, type TestMember, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { createTestApp } from '../../test/test-app.ts';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const CALLBACK_URL = `${PUBLIC_URL}/linkedin-callback`;
const CLIENT = { clientId: 'makan-test', clientSecret: 'makan-test-secret', redirectUri: CALLBACK_URL };

const { clock, advance } = manualClock();
const messages = capturedMessages();
let provider: TestOidcProvider;
let app: App;
let database: DatabaseHandle;
let seq = 0;
let ipSeq = 0;

beforeAll(async () => {
  provider = await startOidcProvider(CLIENT);
  ({ app, database } = await createTestApp(
    {
      PUBLIC_URL,
      LINKEDIN_CLIENT_ID: CLIENT.clientId,
      LINKEDIN_CLIENT_SECRET: CLIENT.clientSecret,
      LINKEDIN_ISSUER: provider.issuer,
    },
    { clock, mailer: messages.mailer, sms: messages.sms },
  ));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

const nextIp = () => `203.0.113.${(ipSeq++ % 250) + 1}`;
const envelope = z.object({ status: z.boolean(), message: z.string().optional() });
const urlResult = z.object({ status: z.literal(true), data: z.object({ url: z.string() }) });
const loginAnswer = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({
    token: z.string(),
    user: z.object({ id: z.number(), name: z.string(), email: z.string(), email_verified: z.boolean() }),
  }),
});

function newMember(overrides: Partial<TestMember> = {}): TestMember {
  seq += 1;
  return {
    sub: `li-${seq}-${Date.now()}`,
    email: `member${seq}@example.com`,
    email_verified: true,
    name: 'Layla Haddad',
    ...overrides,
  };
}

async function startSignIn(ip = nextIp()) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/linkedin', remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(urlResult.parse(res.json()).data.url);
}

/**
 * Plays the browser at the provider over real HTTP: opens the authorization URL and follows the
 * redirects (keeping the provider's cookies) until it is sent to our callback page.
 */
async function browseToCallback(authorizationUrl: URL): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl.href;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(CALLBACK_URL)) return new URL(url).searchParams;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || !value) cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}

/** The whole sign-in as the member: our URL, the provider, then the code and state back to us. */
async function authorize(member: TestMember) {
  provider.signInAs(member);
  const params = await browseToCallback(await startSignIn());
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) throw new Error(`no code in the callback: ${params}`);
  return { code, state };
}

const callback = (payload: object, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/linkedin/callback', payload, remoteAddress: ip });

async function signIn(member: TestMember) {
  const res = await callback(await authorize(member));
  expect(res.statusCode, res.body).toBe(200);
  return loginAnswer.parse(res.json());
}

const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

const usersWithEmail = (email: string) => database.db.select().from(users).where(eq(users.email, email));

function expectFailure(res: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(envelope.parse(res.json())).toEqual({ status: false, message });
}

describe('GET /api/auth/linkedin', () => {
  it('answers an OpenID Connect authorization URL with state, nonce and PKCE, and keeps only a hash of the state', async () => {
    const url = await startSignIn();
    expect(url.origin).toBe(provider.issuer);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(CLIENT.clientId);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('redirect_uri')).toBe(CALLBACK_URL);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const state = params.get('state') ?? '';
    const nonce = params.get('nonce') ?? '';
    expect(state.length).toBeGreaterThanOrEqual(43);
    expect(nonce.length).toBeGreaterThanOrEqual(43);

    const rows = await database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, sha256(state)));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.provider).toBe('linkedin');
    expect(row?.nonce).toBe(nonce);
    expect(row?.usedAt).toBeNull();
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(10 * 60_000);
    const clear = await database.db.select().from(oauthStates).where(eq(oauthStates.stateHash, state));
    expect(clear).toHaveLength(0);
  });
});

describe('OpenAPI', () => {
  it('documents both LinkedIn routes under the auth tag', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/auth/linkedin'].get).toMatchObject({ tags: ['auth'] });
    expect(doc.paths['/api/auth/linkedin/callback'].post).toMatchObject({ tags: ['auth'] });
    expect(Object.keys(doc.paths['/api/auth/linkedin/callback'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '502', '503']),
    );
  });
});

describe('POST /api/auth/linkedin/callback: the flow end to end against a local OpenID provider', () => {
  it('creates a verified account for a new member and signs it in', async () => {
    const member = newMember({ name: 'ليلى حداد', locale: 'ar-SA' });
    const answer = await signIn(member);
    expect(answer.message).toBe(TEXT.loginSuccess);
    expect(answer.data.user).toMatchObject({ name: 'ليلى حداد', email: member.email, email_verified: true });

    const res = await me(answer.data.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: answer.data.user.id,
      email: member.email,
      email_verified: true,
      language: 'ar',
      user_type: 'retail',
    });

    const [row, ...more] = await usersWithEmail(member.email ?? '');
    expect(more).toHaveLength(0);
    expect(row?.passwordHash).toBeNull();
    expect(row?.phoneNormalized).toBe(`linkedin:${member.sub}`);
    expect(row?.emailVerifiedAt).not.toBeNull();
    const links = await database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.subject, member.sub));
    expect(links).toMatchObject([{ provider: 'linkedin', userId: answer.data.user.id, email: member.email }]);
  });

  it('signs the same member in to the same account the next time, by subject, even with a new email', async () => {
    const member = newMember({ locale: 'en-US' });
    const first = await signIn(member);
    const second = await signIn({ ...member, email: `changed-${member.email}` });
    expect(second.data.user.id).toBe(first.data.user.id);
    expect(second.data.token).not.toBe(first.data.token);
    expect((await me(second.data.token)).json().data).toMatchObject({
      id: first.data.user.id,
      language: 'en',
    });
    expect(await usersWithEmail(`changed-${member.email}`)).toHaveLength(0);
  });

  it('links an existing password account with the same email instead of creating another', async () => {
    const email = `owner${++seq}@example.com`;
    const person = {
      name: 'Omar Saleh',
      email,
      phone: `+9665${String(20_000_000 + seq)}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      user_type: 'developer',
    };
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: person });
    expect(registered.statusCode, registered.body).toBe(201);
    const code = messages.lastEmailCode(email);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { identifier: email, code, type: 'registration' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [before] = await usersWithEmail(email);

    const answer = await signIn(newMember({ email: email.toUpperCase(), name: 'Omar S.' }));
    expect(answer.data.user).toMatchObject({ id: before?.id, name: 'Omar Saleh', email });
    expect(await usersWithEmail(email)).toHaveLength(1);
    // The password keeps working: the account was already its owner's.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: email, password: 'Secret123' },
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('takes over an account whose email was never verified: verified now, its password and sessions gone', async () => {
    const email = `squatted${++seq}@example.com`;
    const person = {
      name: 'Someone Else',
      email,
      phone: `+9665${String(30_000_000 + seq)}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      user_type: 'retail',
    };
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: person });
    expect(registered.statusCode, registered.body).toBe(201);

    const answer = await signIn(newMember({ email }));
    expect(answer.data.user).toMatchObject({ email, email_verified: true });
    const [row] = await usersWithEmail(email);
    expect(row?.id).toBe(answer.data.user.id);
    expect(row?.passwordHash).toBeNull();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: email, password: 'Secret123' },
    });
    expect(login.statusCode).toBe(422);
  });

  it('refuses a member whose provider gives no verified email', async () => {
    const res = await callback(await authorize(newMember({ email_verified: false })));
    expectFailure(res, 502, TEXT.linkedinFailed);
  });
});

describe('POST /api/auth/linkedin/callback: bad state and provider errors', () => {
  it('answers 400 for an unknown state, without asking the provider', async () => {
    const { code } = await authorize(newMember());
    expectFailure(await callback({ code, state: 'made-up-state' }), 400, TEXT.linkedinInvalidState);
  });

  it('accepts a state once', async () => {
    const flow = await authorize(newMember());
    expect((await callback(flow)).statusCode).toBe(200);
    expectFailure(await callback(flow), 400, TEXT.linkedinInvalidState);
  });

  it('refuses a state older than 10 minutes', async () => {
    const flow = await authorize(newMember());
    advance(10 * 60_000 + 1000);
    expectFailure(await callback(flow), 400, TEXT.linkedinInvalidState);
  });

  it('answers 502 when the provider rejects the code, and the state is spent', async () => {
    const url = await startSignIn();
    const state = url.searchParams.get('state') ?? '';
    const res = await callback({ code: 'not-a-code-the-provider-issued', state });
    expectFailure(res, 502, TEXT.linkedinFailed);
    expect(res.body).not.toMatch(/invalid_grant|grant request is invalid/i);
    expectFailure(await callback({ code: 'another', state }), 400, TEXT.linkedinInvalidState);
  });

  it('answers 502 for a code issued to another sign-in (its PKCE verifier does not match)', async () => {
    const first = await authorize(newMember());
    const second = await authorize(newMember());
    expectFailure(await callback({ code: first.code, state: second.state }), 502, TEXT.linkedinFailed);
  });

  it('a member who refuses at the provider comes back with error=access_denied and the state', async () => {
    const url = await startSignIn();
    provider.signInAs(newMember());
    provider.denyNext();
    const params = await browseToCallback(url);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe(url.searchParams.get('state'));
    expect(params.get('code')).toBeNull();
  });

  it('answers 422 for a callback without code or state', async () => {
    const res = await callback({ state: 'x' });
    expect(res.statusCode).toBe(422);
  });
});

describe('LinkedIn-shaped claims in the ID token', () => {
  it("reads email_verified 'true' and a { country, language } locale straight from the ID token", async () => {
    const shaped = await startOidcProvider(CLIENT, { claimsInIdToken: true });
    const other = await createTestApp({
      PUBLIC_URL,
      LINKEDIN_CLIENT_ID: CLIENT.clientId,
      LINKEDIN_CLIENT_SECRET: CLIENT.clientSecret,
      LINKEDIN_ISSUER: shaped.issuer,
    });
    try {
      const member = newMember({ email_verified: 'true', locale: { country: 'SA', language: 'ar' } });
      shaped.signInAs(member);
      const start = await other.app.inject({ method: 'GET', url: '/api/auth/linkedin' });
      const params = await browseToCallback(new URL(urlResult.parse(start.json()).data.url));
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/linkedin/callback',
        payload: { code: params.get('code'), state: params.get('state') },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(loginAnswer.parse(res.json()).data.user).toMatchObject({
        email: member.email,
        email_verified: true,
        name: member.name,
      });
      expect(res.json().data.user.language).toBe('ar');
    } finally {
      await other.app.close();
      await shaped.close();
    }
  });
});

describe('LinkedIn sign-in without configuration or provider', () => {
  it('answers 503 with the not-configured text when client id and secret are missing', async () => {
    const bare = await createTestApp({ PUBLIC_URL });
    try {
      const start = await bare.app.inject({ method: 'GET', url: '/api/auth/linkedin' });
      expectFailure(start, 503, TEXT.linkedinNotConfigured);
      const back = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/linkedin/callback',
        payload: { code: 'c', state: 's' },
      });
      expectFailure(back, 503, TEXT.linkedinNotConfigured);
    } finally {
      await bare.app.close();
    }
  });

  it('starts while the provider is unreachable and answers 502 until it can be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 9));
      });
    });
    const offline = await createTestApp({
      PUBLIC_URL,
      LINKEDIN_CLIENT_ID: CLIENT.clientId,
      LINKEDIN_CLIENT_SECRET: CLIENT.clientSecret,
      LINKEDIN_ISSUER: `http://127.0.0.1:${port}`,
    });
    try {
      const res = await offline.app.inject({ method: 'GET', url: '/api/auth/linkedin' });
      expectFailure(res, 502, TEXT.linkedinFailed);
    } finally {
      await offline.app.close();
    }
  });
});
