import { chatSettingsRequest, chatSettingsSchema, presenceQuery, presenceResult } from '@makan/contract/chat';
import { successSchema } from '@makan/contract/envelope';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { failures, security, signedIn, tags } from './chat-http.ts';
import type { PresenceService } from './presence.service.ts';

/** Presence of your conversation partners, and your own switch for it (issue 19). */
export function presenceRoutes(
  app: App,
  { presence, guard }: { presence: PresenceService; guard: AuthGuard },
) {
  const { me, auth } = signedIn(guard);

  app.get(
    '/api/chat/presence',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Whether people you share a conversation with are online, or when they were last seen',
        description:
          'Users who share no conversation with you are left out. While you or they hide presence, online is false and last_seen_at null.',
        querystring: presenceQuery,
        response: { 200: successSchema(presenceResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        presence: await presence.list(
          me(request),
          [...new Set(request.query.user_ids.split(','))].map(Number),
        ),
      },
    }),
  );

  app.get(
    '/api/chat/settings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Your chat settings',
        response: { 200: successSchema(chatSettingsSchema), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await presence.settings(me(request)) }),
  );

  app.patch(
    '/api/chat/settings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Change your chat settings',
        description:
          'show_presence false: nobody sees when you are online or were last seen, and you see nobody else’s.',
        body: chatSettingsRequest,
        response: { 200: successSchema(chatSettingsSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await presence.setShowPresence(me(request), request.body.show_presence),
    }),
  );
}
