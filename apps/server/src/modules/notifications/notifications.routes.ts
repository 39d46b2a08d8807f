import { failureSchema, successSchema } from '@makan/contract/envelope';
import {
  notificationParams,
  notificationSchema,
  notificationsPage,
  notificationsQuery,
  unreadCountSchema,
} from '@makan/contract/notifications';
import { TEXT } from '@makan/contract/texts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

const failures = { 401: failureSchema, 404: failureSchema, 422: failureSchema, 429: failureSchema };

/** The signed-in user's notifications (issue 22): theirs only; another's is 404. */
export function notificationsRoutes(
  app: App,
  { notifications, guard }: { notifications: NotificationsService; guard: AuthGuard },
) {
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];
  const me = (request: Parameters<AuthGuard['session']>[0]) => guard.session(request).userId;

  app.get(
    '/api/notifications',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'My notifications, the latest activity first, in keyset pages',
        description:
          "Grouped: while unread, likes, comments, followers and messages about the same thing join one notification ('Sara and 3 others liked your listing'). The unread count comes with every page.",
        security,
        querystring: notificationsQuery,
        response: { 200: successSchema(notificationsPage), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await notifications.page(me(request), request.query),
    }),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'How many of my notifications are unread (the bell)',
        security,
        response: { 200: successSchema(unreadCountSchema), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await notifications.unreadCount(me(request)) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        security,
        params: notificationParams,
        response: { 200: successSchema(notificationSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await notifications.markRead(me(request), request.params.id),
    }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        security,
        response: { 200: successSchema(unreadCountSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.notificationsAllRead,
      data: await notifications.markAllRead(me(request)),
    }),
  );
}
