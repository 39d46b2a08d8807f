import type { Failure } from '@makan/contract/envelope';
import { HTTP_TEXT, httpText } from '@makan/contract/texts';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, TooManyRequests } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';

/** Statuses that keep their own code; any other client error Fastify raises answers as a 400. */
const PASS_THROUGH = new Set([400, 401, 403, 404, 405, 413, 415, 422, 429]);

const zodIssue = z.object({ path: z.array(z.union([z.string(), z.number(), z.symbol()])) });

/**
 * One place turns every failure into the spec's envelope `{ status: false, message, errors? }`:
 * domain errors keep their status and texts, schema failures become 422 with field messages,
 * Fastify's own client errors keep their status with the catalogue's text, and anything else is
 * a 500 that is logged but never shows its stack.
 */
export function registerErrorHandling(app: App) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      const body: Failure = { status: false, message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.data !== undefined) body.data = error.data;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const item of error.validation) {
        const issue = zodIssue.safeParse(item.params.issue);
        const issuePath = issue.success ? issue.data.path.map(String).join('.') : '';
        const field = issuePath || item.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        const list = errors[field] ?? [];
        list.push(item.message ?? HTTP_TEXT[422]);
        errors[field] = list;
      }
      return reply.status(422).send({ status: false, message: HTTP_TEXT[422], errors } satisfies Failure);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500 || !status) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ status: false, message: HTTP_TEXT[500] } satisfies Failure);
    }
    const code = PASS_THROUGH.has(status) ? status : 400;
    return reply.status(code).send({ status: false, message: httpText(code) } satisfies Failure);
  });
}

export function sendNotFound(reply: { status: (n: number) => { send: (b: Failure) => unknown } }) {
  return reply.status(404).send({ status: false, message: HTTP_TEXT[404] });
}
