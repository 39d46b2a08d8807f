import { failureSchema, successSchema } from '@makan/contract/envelope';
import {
  notificationParams,
  notificationPreferences,
  notificationPreferencesRequest,
  notificationSchema,
  notificationsPage,
  notificationsQuery,
  UNSUBSCRIBE_PATH,
  unreadCountSchema,
} from '@makan/contract/notifications';
import { TEXT } from '@makan/contract/texts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastResponse } from '../../lib/fast-serializer.ts';
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
        response: { 200: fastResponse(successSchema(notificationsPage)), ...failures },
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

  app.get(
    '/api/notifications/preferences',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'What I am told of, per kind, in the app and by email',
        security,
        response: { 200: successSchema(notificationPreferences), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await notifications.preferences(me(request)) }),
  );

  app.put(
    '/api/notifications/preferences',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Change what I am told of (the kinds sent; the others stay as they are)',
        security,
        body: notificationPreferencesRequest,
        response: { 200: successSchema(notificationPreferences), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.notificationPreferencesSaved,
      data: await notifications.setPreferences(me(request), request.body.preferences),
    }),
  );

  // One-click unsubscribe (RFC 8058): the digest's List-Unsubscribe address, signed per user; no
  // sign-in. Mail services POST it with `List-Unsubscribe=One-Click` (form-encoded or multipart): the
  // body is read (at most 1 KB) and not needed. A person clicking the link in the email gets a page
  // with a button that posts it.
  const unsubscribeQuery = z.object({
    token: z
      .string()
      .max(64)
      .regex(/^\d{1,12}\.[\w-]{32}$/),
  });
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.post(
      UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          summary: 'One-click unsubscribe from notification emails (RFC 8058), by the signed link',
          description: `No sign-in: the token in the address names the account. Every email switch goes off. 422 '${TEXT.unsubscribeInvalid}' for a token that is not ours.`,
          querystring: unsubscribeQuery,
          // JSON for a mail service; the confirmation page for a person's browser (Accept: text/html).
          response: { 200: z.union([successSchema(z.null()), z.string()]), ...failures },
        },
      },
      async (request, reply) => {
        await notifications.unsubscribe(request.query.token);
        if (request.headers.accept?.includes('text/html')) {
          return reply
            .type('text/html; charset=utf-8')
            .serializer((page: unknown) => String(page))
            .send(unsubscribePage({ done: true }));
        }
        return { status: true as const, message: TEXT.unsubscribed, data: null };
      },
    );
  });
  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags,
        summary: 'The page of the unsubscribe link: a button that unsubscribes (HTML)',
        querystring: unsubscribeQuery,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const valid = await notifications.validToken(request.query.token);
      return reply
        .code(valid ? 200 : 422)
        .type('text/html; charset=utf-8')
        .serializer((page: unknown) => String(page))
        .send(unsubscribePage({ done: false, valid, token: request.query.token }));
    },
  );
}

/** The unsubscribe page, in both languages (the link does not say which the reader prefers). */
function unsubscribePage(state: { done: true } | { done: false; valid: boolean; token: string }): string {
  const en = state.done
    ? TEXT.unsubscribed
    : state.valid
      ? 'Stop the emails about your Makan notifications?'
      : TEXT.unsubscribeInvalid;
  const ar = state.done
    ? 'لن تصلك بعد الآن رسائل بريد عن الإشعارات. يمكنك إعادة تفعيلها من الإعدادات.'
    : state.valid
      ? 'إيقاف رسائل البريد عن إشعاراتك في مكان؟'
      : 'رابط إلغاء الاشتراك هذا غير صالح';
  const form =
    !state.done && state.valid
      ? `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(state.token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" data-testid="unsubscribe-confirm">Unsubscribe · إلغاء الاشتراك</button></form>`
      : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Makan · مكان</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.6">
<p data-testid="unsubscribe-en">${en}</p><p lang="ar" dir="rtl" data-testid="unsubscribe-ar">${ar}</p>${form}
<p><a href="/settings?section=notifications">Settings · الإعدادات</a></p></body></html>`;
}
