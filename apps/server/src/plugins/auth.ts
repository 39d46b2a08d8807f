import type { Language } from '@makan/contract/auth';
import type { FastifyRequest } from 'fastify';
import { Unauthorized } from '../lib/errors.ts';
import type { Session } from '../modules/auth/auth.service.ts';

const sessions = new WeakMap<FastifyRequest, Session>();

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * `onRequest` hook (runs before the body is read or validated) for routes that need a signed-in user, and `session(request)` to read who it is.
 * A missing, unknown, expired or revoked token answers 401.
 */
export function createAuthGuard(authenticate: (token: string) => Promise<Session>) {
  return {
    async preHandler(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token || token.length > 200) throw new Unauthorized();
      sessions.set(request, await authenticate(token));
    },
    /** For public routes that answer more to a signed-in user: no token is fine, a bad one is 401. */
    async optionalPreHandler(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) return;
      if (token.length > 200) throw new Unauthorized();
      sessions.set(request, await authenticate(token));
    },
    /** The viewer's id, or 0 for an anonymous visitor of a public route. */
    viewerId(request: FastifyRequest): number {
      return sessions.get(request)?.userId ?? 0;
    },
    session(request: FastifyRequest): Session {
      const session = sessions.get(request);
      if (!session) throw new Unauthorized();
      return session;
    },
  };
}
export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** The language a request prefers, from Accept-Language: Arabic when it comes first, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = String(request.headers['accept-language'] ?? '');
  return header.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}
