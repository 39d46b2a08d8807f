import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../lib/http.ts';
import { freePort } from '../test/server-process.ts';
import { createTestApp } from '../test/test-app.ts';

/**
 * Operating it (issue 24): /metrics in Prometheus' text format for whoever holds the token (or on
 * a port of its own), refused to the public; every answer names its request, and a failure says
 * the same id in its body.
 */

const TOKEN = 'metrics-token-for-tests-0123456789';
let app: App;

beforeAll(async () => {
  ({ app } = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '10.0.0.0/8', NODE_NAME: 'node-a' }));
});
afterAll(async () => {
  await app?.close();
});

const family = (families: MetricFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`${name} not in /metrics`);
  return found;
};

describe('/metrics', () => {
  it('is refused without the token, in the error catalogue’s words', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: false, request_id: res.headers['x-request-id'] });
      expect(res.body).not.toContain('makan_');
    }
  });

  it('with the token, parses as Prometheus text: requests by route, sockets, queues, the event loop', async () => {
    await app.inject({ method: 'GET', url: '/api/posts/123456' });
    await app.inject({ method: 'GET', url: '/api/posts/654321' });
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const families = parsePrometheusTextFormat(res.body);

    const requests = family(families, 'makan_http_request_duration_seconds');
    expect(requests.type).toBe('HISTOGRAM');
    expect(requests.metrics.length).toBeGreaterThan(0);
    // The parser keeps a histogram's buckets but drops its series' labels when `le` comes first
    // (as prom-client writes it): the counts per route are read from their own lines.
    const counts = [
      ...res.body.matchAll(/^makan_http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm),
    ].map(([, labels = '', n]) => ({ labels, n: Number(n) }));
    // One series for the route's pattern, not one per id.
    const posts = counts.filter((c) => c.labels.includes('route="/api/posts/:id"'));
    expect(posts.reduce((n, c) => n + c.n, 0)).toBeGreaterThanOrEqual(2);
    expect(res.body).not.toContain('654321');
    expect(family(families, 'makan_socketio_connected_sockets').metrics[0]?.value).toBe('0');
    const queues = family(families, 'makan_queue_depth').metrics.map((m) => m.labels?.queue);
    expect(queues).toEqual(
      expect.arrayContaining(['notification_events', 'push_deliveries', 'data_exports']),
    );
    expect(family(families, 'makan_chat_messages_sent_total').type).toBe('COUNTER');
    expect(family(families, 'makan_media_store_errors_total').type).toBe('COUNTER');
    expect(family(families, 'nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
    expect(family(families, 'process_resident_memory_bytes').type).toBe('GAUGE');
  });

  it('is not served at all without a token or a port of its own', async () => {
    const { app: bare } = await createTestApp();
    try {
      expect((await bare.inject({ method: 'GET', url: '/metrics' })).statusCode).not.toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('is served on a port of its own when METRICS_PORT is set, and not on the app’s', async () => {
    const port = await freePort();
    const { app: own } = await createTestApp({ METRICS_PORT: String(port) });
    try {
      await own.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(family(parsePrometheusTextFormat(await res.text()), 'makan_queue_depth').type).toBe('GAUGE');
      expect((await own.inject({ method: 'GET', url: '/metrics' })).statusCode).not.toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('request ids', () => {
  it('every answer has one; a failure says it in its body too', async () => {
    const ok = await app.inject({ method: 'GET', url: '/health/live' });
    const a = ok.headers['x-request-id'];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().request_id).toBe(missing.headers['x-request-id']);
    expect(missing.headers['x-request-id']).not.toBe(a);
    const invalid = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().request_id).toBe(invalid.headers['x-request-id']);
  });

  it('names the node that answered when NODE_NAME is set (X-Served-By), failures included', async () => {
    for (const url of ['/health/live', '/api/no-such-thing']) {
      expect((await app.inject({ method: 'GET', url })).headers['x-served-by']).toBe('node-a');
    }
  });

  it('takes X-Request-Id from a trusted proxy only', async () => {
    const fromProxy = await app.inject({
      method: 'GET',
      url: '/health/live',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'lb-abc.123' },
    });
    expect(fromProxy.headers['x-request-id']).toBe('lb-abc.123');
    const fromClient = await app.inject({
      method: 'GET',
      url: '/health/live',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'lb-abc.123' },
    });
    expect(fromClient.headers['x-request-id']).not.toBe('lb-abc.123');
    const malformed = await app.inject({
      method: 'GET',
      url: '/health/live',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('media store errors', () => {
  it('are counted by operation, and still thrown', async () => {
    const { observedStore } = await import('../modules/media/media-store.ts');
    const failed: string[] = [];
    const broken = observedStore(
      {
        put: async () => {
          throw new Error('bucket refused');
        },
        get: async () => undefined,
        head: async () => undefined,
        delete: async () => {
          throw new Error('bucket refused');
        },
        async *list() {
          yield* [];
          throw new Error('bucket refused');
        },
      },
      (operation) => failed.push(operation),
    );
    await expect(broken.put('media/a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'bucket refused',
    );
    expect(await broken.get('media/a.webp')).toBeUndefined();
    await expect(broken.delete('media/a.webp')).rejects.toThrow('bucket refused');
    const listAll = async () => {
      for await (const _ of broken.list('media/'));
    };
    await expect(listAll()).rejects.toThrow('bucket refused');
    expect(failed).toEqual(['put', 'delete', 'list']);
  });
});
