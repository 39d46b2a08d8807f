import { emailField, type FullUser, type Language } from '@makan/contract/auth';
import { LIMITS } from '@makan/contract/limits';
import { LINKEDIN_CALLBACK_ROUTE } from '@makan/contract/routes';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadGateway, BadRequest, ServiceUnavailable, type Text } from '../../lib/errors.ts';
import { sha256 } from '../../lib/hash.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Random } from '../../lib/random.ts';
import type { RateLimits, Rule } from '../rate-limit/rate-limit.service.ts';
import { type UserRow, type UsersRepository, uniqueViolation } from '../users/users.repository.ts';
import type { LinkedinRepository } from './linkedin.repository.ts';

const PROVIDER = 'linkedin';
const SCOPE = 'openid profile email';
const MINUTE = 60_000;
const STATE_TTL_MS = 10 * MINUTE;
/** Seconds before a request to the provider (discovery, token, userinfo) is given up. */
const PROVIDER_TIMEOUT_S = 10;

const minutesText = (seconds: number): Text => ({
  code: 'tooManyAttempts',
  params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
});

/** Each start writes a row, so it is limited like any unauthenticated write. */
export const LINKEDIN_RULES = {
  startPerIp: { limit: 30, windowMs: 10 * MINUTE, message: minutesText },
  callbackPerIp: { limit: 30, windowMs: 10 * MINUTE, message: minutesText },
} satisfies Record<string, Rule>;

/** Loose on purpose: a claim of an unexpected shape is dropped rather than failing the sign-in. */
const providerClaims = z.object({
  sub: z.string().min(1),
  email: z.string().optional().catch(undefined),
  // LinkedIn's ID token has been seen to carry "true" as a string; its userinfo carries a boolean.
  email_verified: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional()
    .catch(undefined),
  name: z.string().optional().catch(undefined),
  given_name: z.string().optional().catch(undefined),
  family_name: z.string().optional().catch(undefined),
  // A BCP 47 tag ("ar-SA") by the standard; LinkedIn has also answered { country, language }.
  locale: z
    .union([z.string(), z.object({ language: z.string() }).transform((l) => l.language)])
    .optional()
    .catch(undefined),
});
type ProviderClaims = z.infer<typeof providerClaims>;

type Deps = {
  linkedin: LinkedinRepository;
  users: UsersRepository;
  /** A new session (auth.openSession): cancels a pending deletion too; refused while suspended. */
  openSession: (
    user: Pick<UserRow, 'id' | 'deletionDueAt' | 'suspendedUntil' | 'email' | 'role' | 'name'>,
  ) => Promise<{ token: string; user: FullUser; deletion_cancelled?: boolean }>;
  /** Ends every session of a user (used when an unverified account is taken over by its email's owner). */
  revokeSessions: (userId: number, now: Date) => Promise<void>;
  limits: RateLimits;
  clock: Clock;
  random: Random;
  config: Pick<Config, 'linkedin' | 'publicUrl'>;
  log: Pick<Logger, 'warn'>;
};

const providerError = z.object({
  name: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
  cause: z.object({ message: z.string() }).optional().catch(undefined),
});

/** What the log keeps of a provider failure; the client only ever sees TEXT.linkedinFailed. */
function describe(err: unknown): object {
  const e = providerError.safeParse(err);
  if (!e.success) return { error: String(err) };
  return {
    error: e.data.name,
    message: e.data.message,
    code: e.data.code,
    provider_error: e.data.error,
    provider_error_description: e.data.error_description,
    cause: e.data.cause?.message,
  };
}

/** Plain http is refused by openid-client; it is allowed only for a provider on this machine (tests). */
function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(issuer.hostname);
}

function languageOf(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

function displayName(claims: ProviderClaims, email: string): string {
  const joined = [claims.given_name, claims.family_name].filter(Boolean).join(' ');
  const name = (claims.name?.trim() || joined.trim() || email.split('@')[0] || email).replace(/\s+/g, ' ');
  return name.slice(0, LIMITS.nameMax);
}

/**
 * LinkedIn sign-in with OpenID Connect: the authorization URL (state, nonce, PKCE S256), then the
 * code exchange, and the account it signs in to: the one linked to the LinkedIn subject, else the
 * one with the same verified email (linked now), else a new one.
 */
export function createLinkedinService({
  linkedin,
  users,
  openSession,
  revokeSessions,
  limits,
  clock,
  random,
  config,
  log,
}: Deps) {
  const { clientId, clientSecret, issuer } = config.linkedin;
  const redirectUri = `${config.publicUrl}${LINKEDIN_CALLBACK_ROUTE}`;
  /** Discovery runs on first use (the server starts even when the provider is down) and is kept once it works. */
  let discovered: Promise<oidc.Configuration> | undefined;

  function credentials() {
    if (!clientId || !clientSecret) throw new ServiceUnavailable('linkedinNotConfigured');
    return { clientId, clientSecret };
  }

  function providerFailure(err: unknown, step: string): never {
    log.warn({ ...describe(err), step }, 'LinkedIn sign-in failed');
    throw new BadGateway('linkedinFailed');
  }

  async function configuration(): Promise<oidc.Configuration> {
    const { clientId, clientSecret } = credentials();
    if (!discovered) {
      const url = new URL(issuer);
      discovered = oidc.discovery(url, clientId, clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        execute: isLocalHttp(url) ? [oidc.allowInsecureRequests] : [],
      });
      // A failed discovery is forgotten so the next request tries again.
      discovered.catch(() => {
        discovered = undefined;
      });
    }
    try {
      return await discovered;
    } catch (err) {
      return providerFailure(err, 'discovery');
    }
  }

  /** Exchanges the code (PKCE, state and nonce checked; the ID token is validated) and reads the claims. */
  async function exchange(
    oidcConfig: oidc.Configuration,
    code: string,
    state: string,
    pending: { nonce: string; codeVerifier: string },
  ): Promise<ProviderClaims> {
    const callbackUrl = new URL(redirectUri);
    callbackUrl.searchParams.set('code', code);
    callbackUrl.searchParams.set('state', state);
    const metadata = oidcConfig.serverMetadata();
    // The web page hands over only code and state. `iss` guards clients of several providers against
    // mix-up; with one configured provider it can only be that provider's own issuer.
    if (metadata.authorization_response_iss_parameter_supported) {
      callbackUrl.searchParams.set('iss', metadata.issuer);
    }
    try {
      const tokens = await oidc.authorizationCodeGrant(oidcConfig, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      let raw: Record<string, unknown> = { ...idClaims };
      // Providers may keep email and profile claims to the userinfo endpoint; the ID token's own win.
      if (raw.email === undefined || raw.email_verified === undefined || raw.name === undefined) {
        const info = await oidc.fetchUserInfo(oidcConfig, tokens.access_token, idClaims.sub);
        raw = { ...info, ...raw };
      }
      return providerClaims.parse(raw);
    } catch (err) {
      return providerFailure(err, 'code exchange');
    }
  }

  async function resolveUser(claims: ProviderClaims, now: Date): Promise<UserRow> {
    const linkedId = await linkedin.findLinkedUserId(PROVIDER, claims.sub);
    const linkedUser = linkedId === undefined ? undefined : await users.findById(linkedId);
    if (linkedUser) return linkedUser;

    const email = emailField.safeParse(claims.email ?? '');
    if (!email.success || claims.email_verified !== true) {
      return providerFailure(new Error('no verified email in the claims'), 'claims');
    }
    const existing = await users.findByEmail(email.data);
    if (existing) {
      if (existing.emailVerifiedAt === null) {
        // Whoever set this password never proved the email; its owner just did. Keeping the password or
        // the sessions would let someone who registered another person's email first into their account.
        await users.removePassword(existing.id, now);
        await revokeSessions(existing.id, now);
      }
      const ownerId = await linkedin.link({
        userId: existing.id,
        provider: PROVIDER,
        subject: claims.sub,
        email: email.data,
      });
      const owner = ownerId === existing.id ? existing : await users.findById(ownerId);
      if (!owner) throw new Error('linked user vanished');
      return (await users.markVerified(owner.id, 'email', now)) ?? owner;
    }

    // No password and no phone: the placeholder keeps phone unique and can never match a dialled number.
    const placeholder = `${PROVIDER}:${claims.sub}`;
    const created = await users.insert(
      {
        name: displayName(claims, email.data),
        email: email.data,
        phone: placeholder,
        phoneNormalized: placeholder,
        userType: 'retail',
        passwordHash: null,
        verificationMethod: 'email',
        emailVerifiedAt: now,
        language: languageOf(claims.locale),
      },
      now,
    );
    const ownerId = await linkedin.link({
      userId: created.id,
      provider: PROVIDER,
      subject: claims.sub,
      email: email.data,
    });
    return ownerId === created.id ? created : ((await users.findById(ownerId)) ?? created);
  }

  return {
    /** The provider's authorization URL; the pending state (hashed), nonce and PKCE verifier are stored. */
    async authorizationUrl(ip: string): Promise<{ url: string }> {
      credentials();
      await limits.hit(`linkedin:start:ip:${ip}`, LINKEDIN_RULES.startPerIp);
      const oidcConfig = await configuration();
      const state = random.token();
      const nonce = random.token();
      const codeVerifier = random.token();
      const now = clock.now();
      await linkedin.insertState({
        provider: PROVIDER,
        stateHash: sha256(state),
        nonce,
        codeVerifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(oidcConfig, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href };
    },

    /** Signs in with the code the provider sent back; the state is good for one try. */
    async callback(code: string, state: string, ip: string) {
      credentials();
      await limits.hit(`linkedin:callback:ip:${ip}`, LINKEDIN_RULES.callbackPerIp);
      const pending = await linkedin.consumeState(PROVIDER, sha256(state), clock.now());
      if (!pending) throw new BadRequest('linkedinInvalidState');
      const claims = await exchange(await configuration(), code, state, pending);
      const now = clock.now();
      let user: UserRow;
      try {
        user = await resolveUser(claims, now);
      } catch (err) {
        // The same sign-in finishing twice at once, or a registration with this email in between:
        // the account now exists, and a second look finds it.
        if (!uniqueViolation(err)) throw err;
        user = await resolveUser(claims, now);
      }
      return openSession(user);
    },
  };
}
export type LinkedinService = ReturnType<typeof createLinkedinService>;
