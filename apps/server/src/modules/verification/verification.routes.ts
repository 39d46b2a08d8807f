import { failureSchema, successSchema } from '@makan/contract/envelope';
import { actionResult } from '@makan/contract/moderation';
import { TEXT } from '@makan/contract/texts';
import {
  refuseVerificationRequest,
  verificationFields,
  verificationParams,
  verificationQueue,
  verificationState,
} from '@makan/contract/verification';
import { z } from 'zod';
import { Invalid } from '../../lib/errors.ts';
import { fieldFailures } from '../../lib/field-errors.ts';
import { contentDisposition } from '../../lib/file-name.ts';
import type { App } from '../../lib/http.ts';
import { inMemory, multipartRoutes, readForm } from '../../lib/multipart.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { consoleRoute } from '../moderation/moderation.routes.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { VerificationService } from './verification.service.ts';

const failures = {
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  409: failureSchema,
  413: failureSchema,
  422: failureSchema,
  429: failureSchema,
};

/** A company asks to be verified; staff review the requests (issue 21). */
export function verificationRoutes(
  app: App,
  {
    verification,
    guard,
    moderation,
  }: {
    verification: VerificationService;
    guard: AuthGuard;
    moderation: Pick<ModerationService, 'requireStaff'>;
  },
) {
  const security = [{ bearerAuth: [] }];
  const session = (request: Parameters<AuthGuard['session']>[0]) => guard.session(request);
  const staffRoute = consoleRoute(guard, moderation);

  multipartRoutes(app, { files: 1, fields: 4, fieldSize: 1024, parts: 8 }, (scope) => {
    scope.post(
      '/api/company-verification',
      {
        onRequest: guard.preHandler,
        schema: {
          tags: ['verification'],
          summary: 'A developer (company) account asks to be verified',
          description:
            'multipart/form-data: registration_number and document (the commercial registration certificate: PDF, JPEG, PNG or WebP, from its bytes; at most 10 MB; seen by moderators only). One pending request at a time (409).',
          security,
          consumes: ['multipart/form-data'],
          body: z.unknown(),
          response: { 201: successSchema(verificationState), ...failures },
        },
      },
      async (request, reply) => {
        // Who may ask is checked before the document is read.
        await verification.assertCanRequest(session(request));
        const { fields, files } = await readForm(request, {
          fileFields: new Set(['document']),
          maxFiles: 1,
          tooLarge: () =>
            new Invalid({ document: 'verificationDocumentTooLarge' }, 'verificationDocumentTooLarge'),
          notMultipart: () =>
            new Invalid({ document: 'verificationDocumentRequired' }, 'verificationDocumentRequired'),
          receive: inMemory,
          keep: async ({ body }) => body,
          discard: async () => {},
        });
        const parsed = verificationFields.safeParse(fields);
        if (!parsed.success) throw new Invalid(fieldFailures(parsed.error.issues, fields));
        const data = await verification.request(session(request), parsed.data.registration_number, files[0]);
        reply.code(201);
        return { status: true as const, message: TEXT.verificationRequested, data };
      },
    );
  });

  app.get(
    '/api/company-verification',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['verification'],
        summary: 'The company’s latest verification request, and whether it is verified',
        security,
        response: { 200: successSchema(verificationState), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await verification.state(session(request)) }),
  );

  app.get(
    '/api/admin/verifications',
    staffRoute('moderator', {
      summary: 'Pending company verifications, oldest first',
      response: { 200: successSchema(verificationQueue), ...failures },
    }),
    async (request) => ({ status: true as const, data: await verification.queue(session(request)) }),
  );

  app.get(
    '/api/admin/verifications/:id/document',
    staffRoute('moderator', {
      summary: 'The document of a verification request',
      params: verificationParams,
      response: { 200: z.unknown(), ...failures },
    }),
    async (request, reply) => {
      const file = await verification.document(session(request), request.params.id);
      reply.header('content-type', file.mime);
      reply.header('content-length', file.object.size);
      reply.header('content-disposition', contentDisposition('inline', file.name));
      reply.header('cache-control', 'private, no-store');
      return reply.send(file.object.body);
    },
  );

  app.post(
    '/api/admin/verifications/:id/approve',
    staffRoute('moderator', {
      summary: 'Approve a company: the Verified company badge',
      params: verificationParams,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.verificationApproved,
      data: await verification.approve(session(request), request.params.id),
    }),
  );

  app.post(
    '/api/admin/verifications/:id/refuse',
    staffRoute('moderator', {
      summary: 'Refuse a company’s verification, saying why',
      params: verificationParams,
      body: refuseVerificationRequest,
      response: { 200: successSchema(actionResult), ...failures },
    }),
    async (request) => ({
      status: true as const,
      message: TEXT.verificationRefused,
      data: await verification.refuse(session(request), request.params.id, request.body.reason),
    }),
  );
}
