import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Failure, FieldErrors } from '@makan/contract/envelope';
import { formatText, HTTP_TEXT, httpText, isCatalogueText, TEXT } from '@makan/contract/texts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, TooManyRequests } from '../lib/errors.ts';
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

const zodIssue = z.object({
  path: z.array(z.union([z.string(), z.number(), z.symbol()])),
  code: z.string().optional(),
  origin: z.string().optional(),
  minimum: z.union([z.number(), z.bigint()]).optional(),
  maximum: z.union([z.number(), z.bigint()]).optional(),
});

function requestPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

/** What the client sent at an issue's path (undefined when it sent nothing there). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * A field's message in the catalogue's words: a schema's own text is kept; where a schema has none
 * and zod speaks in its own English ("Invalid input: expected string, received number"), the
 * nearest catalogue text stands in, so every field message can be translated by the web app.
 */
function fieldText(
  message: string | undefined,
  issue: z.infer<typeof zodIssue> | undefined,
  sent: unknown,
): string {
  if (message && isCatalogueText(message)) return message;
  if (issue?.code === 'invalid_type' && (sent === undefined || sent === null || sent === ''))
    return TEXT.required;
  if (issue?.origin === 'string' && issue.code === 'too_big' && issue.maximum !== undefined) {
    return formatText(TEXT.maxLength, { length: String(issue.maximum) });
  }
  if (issue?.origin === 'string' && issue.code === 'too_small' && issue.minimum !== undefined) {
    return Number(issue.minimum) <= 1
      ? TEXT.required
      : formatText(TEXT.minLength, { length: String(issue.minimum) });
  }
  return HTTP_TEXT[422];
}

/** The field messages of a schema's failures (as Fastify's validation items), for the envelope's `errors`. */
function fieldErrorsOf(validation: readonly FastifySchemaValidationError[], input: unknown): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const item of validation) {
    const issue = zodIssue.safeParse(item.params.issue);
    const issuePath = issue.success ? issue.data.path.map(String).join('.') : '';
    const field = issuePath || item.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const list = errors[field] ?? [];
    const sent = valueAt(input, issue.success ? issue.data.path : []);
    list.push(fieldText(item.message, issue.success ? issue.data : undefined, sent));
    errors[field] = list;
  }
  return errors;
}

/**
 * Checks a payload that does not come through a route (a socket event) as a route checks its body:
 * on failure, the same field messages a 422 over HTTP would carry.
 */
export function checkPayload<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { success: true; data: z.output<T> } | { success: false; errors: FieldErrors } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  // The routes' own validator makes the items the error handler reads, so both transports say the same.
  const result = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' })(input);
  const validation =
    typeof result === 'object' && 'error' in result && Array.isArray(result.error) ? result.error : [];
  return { success: false, errors: fieldErrorsOf(validation, input) };
}

/**
 * The answer to a failure the client may be told of, whatever the transport: a domain error with its
 * status and texts, or input the database refused. Undefined for anything else (a 500 to log).
 */
export function clientFailure(error: unknown): { status: number; body: Failure } | undefined {
  if (error instanceof AppError) {
    const body: Failure = { status: false, message: error.message };
    if (error.errors) body.errors = error.errors;
    if (error.data !== undefined) body.data = error.data;
    return { status: error.statusCode, body };
  }
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
      const errors = fieldErrorsOf(error.validation, requestPart(request, error.validationContext));
      return reply.status(422).send({ status: false, message: HTTP_TEXT[422], errors } satisfies Failure);
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
