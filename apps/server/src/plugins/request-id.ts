import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { App } from '../lib/http.ts';

/** What a proxy may name a request: letters, digits and a few marks, as request ids are. */
const GIVEN = /^[\w.:-]{1,128}$/;

/**
 * The request's id (issue 24): the `X-Request-Id` a trusted proxy set (so the load balancer's
 * log and ours name the same request), else a new UUID. A client's own header is not believed:
 * it could make its requests look like someone else's in the log.
 */
export function requestIdOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && GIVEN.test(given) && trust(req.socket.remoteAddress ?? '', 0))
    return given;
  return randomUUID();
}

/**
 * Every answer says its request's id in `X-Request-Id`, and every failure also in its body
 * (`request_id`): what a user quotes to support is what the operator finds in the log, where
 * Fastify puts it on each line of the request (`reqId`). With a `nodeName`, every answer also says
 * which node gave it (`X-Served-By`), for whoever follows a request through a load balancer.
 */
export function registerRequestIds(app: App, { nodeName }: { nodeName?: string | undefined } = {}) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (nodeName) reply.header('x-served-by', nodeName);
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
    if ((payload as { status?: unknown }).status !== false) return payload;
    return { ...payload, request_id: request.id };
  });
}
