import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { Unauthorized } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * What an operator scrapes (issue 24), in Prometheus' text format: requests by route and status
 * with their latency, open sockets, messages sent, the database pool's use and wait, the event
 * loop's delay (with Node's other default metrics), the depth of background queues, and the media
 * store's errors. One registry per app, so several apps in one test process do not mix.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'makan_http_request_duration_seconds',
      help: 'HTTP requests by method, route (its pattern) and status, with their duration',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    messagesSent: new Counter({
      name: 'makan_chat_messages_sent_total',
      help: 'Chat messages sent through this process',
      registers: [registry],
    }),
    mediaErrors: new Counter({
      name: 'makan_media_store_errors_total',
      help: 'Media store operations that failed, by operation',
      labelNames: ['operation'] as const,
      registers: [registry],
    }),
    poolWait: new Histogram({
      name: 'makan_db_pool_wait_seconds',
      help: 'Time a query waited for a database connection from the pool',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

export type MetricsSources = {
  /** Sockets open on this process. */
  sockets: () => number;
  /** The database pool now (absent for the in-process engine of some tests). */
  pool: (() => { total: number; idle: number; waiting: number; max: number }) | undefined;
  /** Background work waiting, by queue (read from the database at each scrape). */
  queues: () => Promise<Record<string, number>>;
};

/**
 * Serves /metrics: on its own port when `port` is set (bound to `host`, for the monitoring network
 * only), else on the app's port behind `Authorization: Bearer <token>`; with neither, not at all
 * (the public never reads it).
 */
export function registerMetrics(
  app: App,
  metrics: Metrics,
  sources: MetricsSources,
  options: { token: string | undefined; port: number | undefined; host: string; log: Logger },
) {
  const { registry } = metrics;
  new Gauge({
    name: 'makan_socketio_connected_sockets',
    help: 'Sockets open on this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'makan_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting queries, max)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'makan_queue_depth',
    help: 'Background work waiting, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, depth] of Object.entries(await sources.queues())) this.set({ queue }, depth);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        // The pattern ('/api/posts/:id'), never the path: one series per route, not per id.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  if (options.port !== undefined) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          options.log.warn({ err }, 'metrics not collected');
          res.writeHead(500).end();
        },
      );
    });
    // Listening once the app is ready (before its own port answers): a scrape never finds it closed.
    app.addHook(
      'onReady',
      () =>
        new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(options.port, options.host, resolve);
        }),
    );
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    return;
  }
  const { token } = options;
  if (!token) return;
  // Compared as digests: equal lengths, and no timing to learn the token from.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new Unauthorized();
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

const queueRows = z.object({
  rows: z.array(
    z.object({
      notification_events: z.coerce.number(),
      push_deliveries: z.coerce.number(),
      data_exports: z.coerce.number(),
    }),
  ),
});

/** Background work waiting, by queue (what /metrics shows as makan_queue_depth). */
export async function backgroundQueues(db: Database): Promise<Record<string, number>> {
  const result = await db.execute(sql`select
    (select count(*) from notification_events) as notification_events,
    (select count(*) from push_deliveries) as push_deliveries,
    (select count(*) from data_exports where status = 'pending') as data_exports`);
  return queueRows.parse(result).rows[0] ?? {};
}
