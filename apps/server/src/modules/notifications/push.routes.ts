import { failureSchema, successSchema } from '@makan/contract/envelope';
import {
  PUSH_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  pushKeySchema,
  pushSubscriptionRequest,
  pushUnsubscribeRequest,
} from '@makan/contract/notifications';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { PUSH_DEVICES_MAX, type PushService } from './push.service.ts';

const failures = { 401: failureSchema, 404: failureSchema, 422: failureSchema, 429: failureSchema };

/** Web push (issue 22): the server's key, and the signed-in user's devices. */
export function pushRoutes(app: App, { push, guard }: { push: PushService; guard: AuthGuard }) {
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];

  app.get(
    PUSH_KEY_PATH,
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, to subscribe a device to web pushes",
        description:
          'Public: the `applicationServerKey` of `PushManager.subscribe` (URL-safe base64). Made once and kept by the server; the same on every call and every process.',
        response: { 200: successSchema(pushKeySchema), ...failures },
      },
    },
    async () => ({ status: true as const, data: await push.publicKey() }),
  );

  app.post(
    PUSH_SUBSCRIPTIONS_PATH,
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Receive web pushes on this device',
        description: `The browser's push subscription (\`PushSubscription.toJSON()\`). One per device: the same endpoint again, even from another account on the same device, becomes the caller's with the new keys. At most ${PUSH_DEVICES_MAX} devices per account: a new one replaces the oldest.`,
        security,
        body: pushSubscriptionRequest,
        response: { 201: successSchema(z.null()), ...failures },
      },
    },
    async (request, reply) => {
      await push.subscribe(guard.session(request), request.body);
      reply.code(201);
      return { status: true as const, data: null };
    },
  );

  app.delete(
    PUSH_SUBSCRIPTIONS_PATH,
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Stop web pushes on this device',
        description: 'Only the caller’s own subscription of this endpoint: 404 when they have none.',
        security,
        body: pushUnsubscribeRequest,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(guard.session(request).userId, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}
