/**
 * The few parts of `oidc-provider` (which ships no types) that the test OpenID provider uses.
 * Kept loose where the tests only pass values through.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AccountClaims = { sub: string } & Record<string, unknown>;
  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => AccountClaims | Promise<AccountClaims>;
  };

  export type ClientMetadata = {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    scope?: string;
  };

  export type Configuration = {
    clients?: ClientMetadata[];
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url?: (ctx: unknown, interaction: { uid: string }) => string | Promise<string> };
    cookies?: { keys?: string[] };
    jwks?: { keys: object[] };
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
  };

  export type InteractionDetails = {
    uid: string;
    prompt: { name: 'login' | 'consent' | string; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id: string; scope?: string };
    session?: { accountId: string; uid: string };
    grantId?: string;
  };

  export type InteractionResult =
    | { login?: { accountId: string }; consent?: { grantId: string } }
    | { error: string; error_description?: string };

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export type KoaContext = {
    path: string;
    req: IncomingMessage;
    res: ServerResponse;
    status: number;
    body: unknown;
    redirect: (url: string) => void;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    Grant: typeof Grant & { find: (id: string) => Promise<Grant | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
