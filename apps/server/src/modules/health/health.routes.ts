import { healthResult } from '@makan/contract/health';
import type { App } from '../../lib/http.ts';

export function healthRoutes(app: App, { ping }: { ping: () => Promise<void> }) {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'The process answers',
        description:
          'Checks nothing but the process itself: a failing answer means restart it. For whether to send it traffic, see /health/ready.',
        response: { 200: healthResult },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The process can serve: its database answers',
        description:
          'Answers 503 while the database does not: take the process out of rotation, but do not restart it.',
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
