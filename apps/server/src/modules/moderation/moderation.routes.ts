import { failureSchema, successSchema } from '@makan/contract/envelope';
import {
  actionResult,
  auditPage,
  auditQuery,
  dismissRequest,
  grantModeratorRequest,
  licenceCheckRequest,
  licenceQueue,
  moderationReason,
  moderatorsList,
  queueQuery,
  reportCase,
  reportCreated,
  reportQueue,
  reportRequest,
  roleResult,
  suspendRequest,
  targetParams,
} from '@makan/contract/moderation';
import { postIdParams } from '@makan/contract/posts';
import { profileIdParams } from '@makan/contract/profiles';
import { TEXT } from '@makan/contract/texts';
import { fastResponse } from '../../lib/fast-serializer.ts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { ModerationService } from './moderation.service.ts';

/**
 * Options for a console route (moderators and admins; 403 for others, also in the API description):
 * the role is checked as the request arrives, before its body is read, so a member learns nothing of
 * a console route's rules (403 whatever they send). Used by the moderation and verification routes.
 */
export function consoleRoute(guard: AuthGuard, moderation: Pick<ModerationService, 'requireStaff'>) {
  return <S extends { summary: string; description?: string }>(need: 'moderator' | 'admin', schema: S) => ({
    onRequest: [
      guard.preHandler,
      async (request: Parameters<AuthGuard['session']>[0]) =>
        moderation.requireStaff(guard.session(request), need),
    ],
    schema: {
      tags: ['moderation'],
      security: [{ bearerAuth: [] }],
      ...schema,
      description: [
        need === 'admin' ? 'Admins only: 403 for others.' : 'Moderators and admins only: 403 for members.',
        schema.description,
      ]
        .filter(Boolean)
        .join(' '),
    },
  });
}

const failures = {
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  409: failureSchema,
  422: failureSchema,
  429: failureSchema,
};

/** Reports (any member) and the moderation console's API (moderators and admins; 403 for others). */
export function moderationRoutes(
  app: App,
  { moderation, guard }: { moderation: ModerationService; guard: AuthGuard },
) {
  const security = [{ bearerAuth: [] }];
  const session = (request: Parameters<AuthGuard['session']>[0]) => guard.session(request);
  const staffRoute = consoleRoute(guard, moderation);

  app.post(
    '/api/reports',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['reports'],
        summary: 'Report a post, comment, message or user to the moderators',
        description:
          'One report per member and target (409 after). A message is reported by a participant; the messages around it are kept as evidence, seen by moderators only. Own content cannot be reported.',
        security,
        body: reportRequest,
        response: { 201: successSchema(reportCreated), ...failures },
      },
    },
    async (request, reply) => {
      const data = await moderation.report(session(request), request.body);
      reply.code(201);
      return { status: true as const, message: TEXT.reportCreated, data };
    },
  );

  const tags = ['moderation'];

  app.get(
    '/api/admin/me',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: "The caller's role",
        security,
        response: { 200: successSchema(roleResult), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await moderation.role(session(request)) }),
  );

  app.get(
    '/api/admin/reports',
    staffRoute('moderator', {
      summary: 'The queue: open reports grouped by target, the most reported first, then the oldest',
      description:
        "kind=reports (the default): members' reports; kind=signals: what the server flagged itself (a new account posting many listings, a listing with the same photo as another account's).",
      querystring: queueQuery,
      response: { 200: fastResponse(successSchema(reportQueue)), ...failures },
    }),
    async (request) => ({
      status: true as const,
      data: await moderation.queue(session(request), request.query.kind),
    }),
  );

  app.get(
    '/api/admin/licences',
    staffRoute('moderator', {
      summary: 'Listings with an advertising licence number (REGA, Trakheesi) not yet checked, oldest first',
      response: { 200: successSchema(licenceQueue), ...failures },
    }),
    async (request) => ({ status: true as const, data: await moderation.licences(session(request)) }),
  );

  app.post(
    '/api/admin/posts/:id/licence',
    staffRoute('moderator', {
      summary: "Mark a listing's licence number checked against the register (or not)",
      description: `The listing shows the licence as checked until its number is edited. 422 '${TEXT.licenceMissing}' without a number.`,
      params: postIdParams,
      body: licenceCheckRequest,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: request.body.checked ? TEXT.licenceChecked : TEXT.licenceUnchecked,
      data: await moderation.checkLicence(session(request), request.params.id, request.body.checked),
    }),
  );

  app.get(
    '/api/admin/reports/:type/:id',
    staffRoute('moderator', {
      summary: 'One reported target in context, with every report of it',
      params: targetParams,
      response: { 200: successSchema(reportCase), ...failures },
    }),
    async (request) => ({
      status: true as const,
      data: await moderation.case(session(request), request.params.type, request.params.id),
    }),
  );

  app.post(
    '/api/admin/reports/:type/:id/dismiss',
    staffRoute('moderator', {
      summary: 'Dismiss the open reports of a target (the reporters are told it was handled)',
      params: targetParams,
      body: dismissRequest,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.reportDismissed,
      data: await moderation.dismiss(
        session(request),
        request.params.type,
        request.params.id,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/api/admin/reports/:type/:id/remove',
    staffRoute('moderator', {
      summary: 'Remove the reported post, comment or message; its author is told the reason',
      params: targetParams,
      body: moderationReason,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.contentRemoved,
      data: await moderation.remove(
        session(request),
        request.params.type,
        request.params.id,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/api/admin/users/:id/warn',
    staffRoute('moderator', {
      summary: 'Warn a member (told by email, with the reason)',
      params: profileIdParams,
      body: moderationReason,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.userWarned,
      data: await moderation.warn(session(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    staffRoute('moderator', {
      summary: 'Suspend a member for some days or for good',
      description: `Their sessions and sockets end at once on every process, sign-in is refused with the date, their listings are hidden.`,
      params: profileIdParams,
      body: suspendRequest,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.userSuspended,
      data: await moderation.suspend(session(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/admin/users/:id/restore',
    staffRoute('moderator', {
      summary: 'Lift a suspension',
      params: profileIdParams,
      body: moderationReason,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.userRestored,
      data: await moderation.restore(session(request), request.params.id, request.body.reason),
    }),
  );

  app.get(
    '/api/admin/audit',
    staffRoute('moderator', {
      summary: 'The audit log, newest first, filtered by action, moderator or member',
      description: `Nobody can edit it: the database refuses any change to a line.`,
      querystring: auditQuery,
      response: { 200: successSchema(auditPage), ...failures },
    }),
    async (request) => ({
      status: true as const,
      data: await moderation.auditLog(session(request), request.query),
    }),
  );

  app.get(
    '/api/admin/moderators',
    staffRoute('moderator', {
      summary: 'The moderators and admins',
      response: { 200: successSchema(moderatorsList), ...failures },
    }),
    async (request) => ({ status: true as const, data: await moderation.moderators(session(request)) }),
  );

  app.post(
    '/api/admin/moderators',
    staffRoute('admin', {
      summary: 'Make a member a moderator (admins only)',
      body: grantModeratorRequest,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.moderatorGranted,
      data: await moderation.grantModerator(session(request), request.body.email),
    }),
  );

  app.delete(
    '/api/admin/moderators/:id',
    staffRoute('admin', {
      summary: 'Make a moderator a member again (admins only)',
      params: profileIdParams,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.moderatorRevoked,
      data: await moderation.revokeModerator(session(request), request.params.id),
    }),
  );
}
