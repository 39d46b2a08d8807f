import { healthResult } from '@makan/contract/health';
import type { App } from '../../lib/http.ts';

export function healthRoutes(app: App, { ping }: { ping: () => Promise<void> }) {
  app.get(
    '/health/live',
    { schema: { tags: ['health'], summary: 'The process answers', response: { 200: healthResult } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The process can serve: its database answers',
        response: { 200: healthResult, 503: healthResult },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, checks: { database: 'ok' as const } };
      } catch (err) {
        request.log.warn({ err }, 'readiness: database unavailable');
        return reply.status(503).send({ status: 'unavailable', checks: { database: 'failed' } });
      }
    },
  );
}
