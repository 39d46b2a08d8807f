import { failureSchema } from '@makan/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { AuthGuard } from '../../plugins/auth.ts';

/** What every chat route declares: its OpenAPI tag, the bearer token, the failures it may answer. */
export const security = [{ bearerAuth: [] }];
export const tags = ['chat'];
export const failures = { 401: failureSchema, 403: failureSchema, 404: failureSchema, 422: failureSchema };

/** The signed-in user of a request (`me`), and the hook that refuses a request without one (`auth`). */
export function signedIn(guard: AuthGuard) {
  const me = (request: FastifyRequest) => guard.session(request).userId;
  const auth = { onRequest: guard.preHandler };
  return { me, auth };
}
