import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type InteractionResult } from 'oidc-provider';

/** The member the next sign-in at the test provider logs in as, with the claims it releases. */
export type TestMember = {
  sub: string;
  email?: string;
  /** LinkedIn's ID token has carried the string 'true'. */
  email_verified?: boolean | 'true' | 'false';
  name?: string;
  /** A BCP 47 tag, or LinkedIn's { country, language }. */
  locale?: string | { country: string; language: string };
};

export type TestOidcProvider = {
  issuer: string;
  /** Who completes the next login (the provider's own login and consent screens are skipped). */
  signInAs: (member: TestMember) => void;
  /** Makes the next interaction refuse, as when the member presses "Cancel" at LinkedIn. */
  denyNext: () => void;
  close: () => Promise<void>;
};

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 and a free port, with one
 * confidential client that must use PKCE. Its login and consent interactions finish at once
 * for the member given to `signInAs`, so a test drives the whole authorization-code flow with
 * plain HTTP requests: authorization URL → interaction → resume → redirect with code and state.
 */
export async function startOidcProvider(
  client: { clientId: string; clientSecret: string; redirectUri: string },
  options: {
    /**
     * Put the profile and email claims in the ID token too, as LinkedIn does. By default the
     * provider conforms to the spec and releases them only at the userinfo endpoint.
     */
    claimsInIdToken?: boolean;
    /** A port known in advance (a server configured with this issuer before it starts); else a free one. */
    port?: number;
  } = {},
): Promise<TestOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the test provider has no port');
  const issuer = `http://127.0.0.1:${address.port}`;

  const members = new Map<string, TestMember>();
  let current: TestMember | undefined;
  let deny = false;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        scope: 'openid profile email',
      },
    ],
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
    findAccount: (_ctx, sub) => {
      const member = members.get(sub);
      if (!member) return undefined;
      return { accountId: sub, claims: () => ({ ...member }) };
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...signingKey, alg: 'RS256', use: 'sig', kid: 'test' }] },
    conformIdTokenClaims: !options.claimsInIdToken,
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });

  // The interaction endpoint a real provider would render as login and consent pages.
  provider.use(async (ctx, next) => {
    if (!/^\/interaction\/[^/]+$/.test(ctx.path)) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result: InteractionResult;
    if (deny) {
      deny = false;
      result = { error: 'access_denied', error_description: 'The member refused.' };
    } else if (details.prompt.name === 'login') {
      if (!current) throw new Error('startOidcProvider: call signInAs() before signing in');
      result = { login: { accountId: current.sub } };
    } else {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('consent without a session');
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId: details.params.client_id });
      if (!grant) throw new Error('grant not found');
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      result = { consent: { grantId: await grant.save() } };
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, {
      mergeWithLastSubmission: false,
    });
    ctx.redirect(returnTo);
    ctx.status = 303;
  });
  handler = provider.callback();

  return {
    issuer,
    signInAs(member) {
      members.set(member.sub, member);
      current = member;
    },
    denyNext() {
      deny = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
