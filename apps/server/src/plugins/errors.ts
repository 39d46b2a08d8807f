import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Failure } from '@makan/contract/envelope';
import { HTTP_TEXT, httpText } from '@makan/contract/texts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type FieldFailures, Invalid, TooManyRequests } from '../lib/errors.ts';
import { type FieldIssue, fieldFailures } from '../lib/field-errors.ts';
import type { App } from '../lib/http.ts';

/** Statuses that keep their own code; any other client error Fastify raises answers as a 400. */
const PASS_THROUGH = new Set([400, 401, 403, 404, 405, 413, 415, 422, 429]);

/**
 * What the multipart parser (busboy) throws on a malformed or truncated form: plain errors without a
 * status, known by their words. They are the client's fault, so a 400, not a 500.
 */
const MALFORMED_MULTIPART =
  /unexpected end of multipart data|boundary not found|boundary required|needle cannot have a length/i;

/**
 * Database refusals that only the client's input can cause: a number beyond the column's range
 * (an id like 2147483648 that no row can have) and text PostgreSQL cannot store (a NUL character).
 * SQLSTATE codes, found on the driver's error or on the query error that wraps it.
 */
const INPUT_SQLSTATE: Record<string, 404 | 422> = {
  '22003': 404, // numeric_value_out_of_range
  '22021': 422, // character_not_in_repertoire (NUL in text)
  '22P05': 422, // untranslatable_character
};

function inputSqlState(error: unknown): 404 | 422 | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in INPUT_SQLSTATE) return INPUT_SQLSTATE[code];
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const isMultipartRequest = (headers: Record<string, unknown>) =>
  String(headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/');

/** What the validator kept of a zod issue besides its path, code and words. */
const issueDetails = z.object({
  origin: z.string().optional().catch(undefined),
  minimum: z.union([z.number(), z.bigint()]).optional().catch(undefined),
  maximum: z.union([z.number(), z.bigint()]).optional().catch(undefined),
  params: z.unknown().optional(),
});

function requestPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

/** A route schema's failures (Fastify's validation items, one per zod issue) as the issues they were. */
function issuesOf(validation: readonly FastifySchemaValidationError[]): FieldIssue[] {
  return validation.map((item) => {
    const path = item.instancePath.replace(/^\//, '');
    const details = issueDetails.safeParse(item.params);
    return {
      ...(details.success ? details.data : {}),
      path: path ? path.split('/') : [],
      code: item.keyword,
      message: item.message,
    };
  });
}

/**
 * Checks a payload that does not come through a route (a socket event) as a route checks its body:
 * on failure, the same field messages a 422 over HTTP would carry.
 */
export function checkPayload<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { success: true; data: z.output<T> } | { success: false; failures: FieldFailures } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, failures: fieldFailures(parsed.error.issues, input) };
}

/** The envelope's texts of a failure: its message (and key), its field messages (and theirs). */
function envelopeOf(error: AppError): Failure {
  const body: Failure = { status: false, message: error.message };
  if (error.code) body.code = error.code;
  if (error.params) body.params = error.params;
  if (error.errors) body.errors = error.errors;
  if (error.codes) body.codes = error.codes;
  if (error.data !== undefined) body.data = error.data;
  return body;
}

/**
 * The answer to a failure the client may be told of, whatever the transport: a domain error with its
 * status and texts, or input the database refused. Undefined for anything else (a 500 to log).
 */
export function clientFailure(error: unknown): { status: number; body: Failure } | undefined {
  if (error instanceof AppError) return { status: error.statusCode, body: envelopeOf(error) };
  const refused = inputSqlState(error);
  if (refused) return { status: refused, body: { status: false, message: HTTP_TEXT[refused] } };
  return undefined;
}

/**
 * One place turns every failure into the spec's envelope `{ status: false, message, errors? }`:
 * domain errors keep their status and texts, schema failures become 422 with field messages,
 * Fastify's own client errors keep their status with the catalogue's text, and anything else is
 * a 500 that is logged but never shows its stack.
 */
export function registerErrorHandling(app: App) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    const known = clientFailure(error);
    if (known) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(known.status).send(known.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const failures = fieldFailures(
        issuesOf(error.validation),
        requestPart(request, error.validationContext),
      );
      return reply.status(422).send(envelopeOf(new Invalid(failures)));
    }
    if (
      typeof error.statusCode !== 'number' &&
      MALFORMED_MULTIPART.test(error.message) &&
      isMultipartRequest(request.headers)
    ) {
      return reply.status(400).send({ status: false, message: HTTP_TEXT[400] } satisfies Failure);
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

/**
 * Errors the router raises before any route or hook runs (a malformed %-escape in the URL, a path
 * segment longer than the router allows): Fastify's own JSON otherwise, here the envelope.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.code(400).send({ status: false, message: HTTP_TEXT[400] } satisfies Failure);
}

/**
 * Requests Node's HTTP parser refuses before any route runs (a malformed request line or header, a
 * lying length, headers past 16 KiB, a request too slow): the envelope with the catalogue's text
 * where Fastify would write its own JSON, then the connection closes, as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ status: false, message: httpText(status) } satisfies Failure);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
