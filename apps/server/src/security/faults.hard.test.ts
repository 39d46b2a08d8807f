import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ChatMessage } from '@makan/contract/chat';
import type { FeedResult } from '@makan/contract/posts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../test/form.ts';
import { noisyPng } from '../test/media.ts';
import {
  createPostgresDatabase,
  freePort,
  processPlace,
  type ServerProcess,
  type SignedUpUser,
  signUpOverHttp,
  startServer,
  stopServer,
  testServerEnv,
  until,
  waitReady,
} from '../test/server-process.ts';
import { openSocket, whenConnected } from '../test/sockets.ts';
import { scaled } from '../test/time-scale.ts';

/**
 * Faults against the real process (issue 8): killed mid-upload, stopped under load, its database
 * cut off, its Redis gone. Slow, so they run in `npm run test:hard`, not `npm test`.
 */

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const REDIS_SERVER = '/usr/bin/redis-server';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A server process of its own (data folder, port, and PostgreSQL database when asked). */
async function launch({ postgres, env = {} }: { postgres: boolean; env?: Record<string, string> }) {
  const { dataDir, databaseUrl, port } = await processPlace(
    'faults',
    postgres ? adminUrl : undefined,
    cleanups,
  );
  const base = `http://127.0.0.1:${port}`;
  const fullEnv = testServerEnv(port, dataDir, { DATABASE_URL: databaseUrl, ...env });
  const handle = {
    dataDir,
    port,
    base,
    databaseUrl,
    /** The running process (the newest after `boot`). */
    server: undefined as ServerProcess | undefined,
    boot: async (): Promise<ServerProcess> => {
      throw new Error('not yet');
    },
  };
  handle.boot = async () => {
    const server = startServer(fullEnv);
    handle.server = server;
    cleanups.push(() => stopServer(server));
    await waitReady(port, server);
    return server;
  };
  await handle.boot();
  return handle;
}

async function postForm(photos: Buffer[]) {
  return multipartBody(
    { description: 'Fault test office', property_type: 'office', location: 'Riyadh' },
    photos.map((bytes, i) => ({ name: `p${i}.png`, bytes, type: 'image/png', field: 'media' })),
  );
}

type Outcome = {
  status?: number;
  body?: string;
  error?: string;
  /** When the whole request had been written. */
  sentAt?: number;
};

/**
 * One request on a connection of its own (no keep-alive), its body written in `chunks` pieces
 * `pauseMs` apart; `onChunk` runs after each piece (to kill the server mid-body).
 */
function rawRequest(
  base: string,
  {
    method,
    url,
    headers = {},
    body,
    chunks = 1,
    pauseMs = 0,
    onChunk,
  }: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    body?: Buffer;
    chunks?: number;
    pauseMs?: number;
    onChunk?: (n: number) => Promise<void> | void;
  },
): { outcome: Promise<Outcome>; state: Outcome } {
  const state: Outcome = {};
  const outcome = new Promise<Outcome>((resolve) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => {
          state.status = res.statusCode;
          state.body = text;
          resolve(state);
        });
        res.on('error', (err) => {
          state.error = `response: ${err.message}`;
          resolve(state);
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      state.error = err.code ?? err.message;
      resolve(state);
    });
    void (async () => {
      if (!body) {
        req.end(() => {
          state.sentAt = Date.now();
        });
        return;
      }
      const size = Math.ceil(body.length / chunks);
      for (let i = 0; i < chunks; i++) {
        if (req.destroyed) return;
        const piece = body.subarray(i * size, (i + 1) * size);
        if (i === chunks - 1) {
          req.end(piece, () => {
            state.sentAt = Date.now();
          });
        } else {
          req.write(piece);
        }
        await onChunk?.(i);
        if (i < chunks - 1) await sleep(pauseMs);
      }
    })();
  });
  return { outcome, state };
}

const authed = (user: SignedUpUser) => ({ authorization: `Bearer ${user.token}` });

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort()
    : [];

async function feed(base: string, user: SignedUpUser): Promise<FeedResult> {
  const res = await fetch(`${base}/api/posts?per_page=50`, { headers: authed(user) });
  if (res.status !== 200) throw new Error(`feed: ${res.status}`);
  return ((await res.json()) as { data: FeedResult }).data;
}

describe('faults: the server killed with SIGKILL during a post upload', () => {
  it('leaves no partial post, no orphan photo and no temporary file after a restart', {
    timeout: scaled(240_000),
  }, async () => {
    // The embedded database: one process owns the data folder, so every leftover can go at start.
    const s = await launch({ postgres: false });
    const user = await signUpOverHttp(s.base, s.dataDir, 'Uploader Umar');
    const media = path.join(s.dataDir, 'media');
    const incoming = path.join(media, '.incoming');
    const photos = path.join(media, 'post_photos');

    // One committed post, whose photos must survive.
    const small = await postForm([await noisyPng(300)]);
    const committed = await fetch(`${s.base}/api/posts`, {
      method: 'POST',
      headers: { ...authed(user), ...small.headers },
      body: new Uint8Array(small.payload),
    });
    expect(committed.status).toBe(201);

    const big = await Promise.all([1, 2, 3, 4, 5, 6].map(() => noisyPng(900)));
    const form = await postForm(big);

    // 1. Mid-body: the first photo is still streaming into a temporary file.
    const killedMidBody = rawRequest(s.base, {
      method: 'POST',
      url: '/api/posts',
      headers: { ...authed(user), ...form.headers },
      body: form.payload,
      chunks: 200,
      pauseMs: 40,
      onChunk: async () => {
        if (filesUnder(incoming).some((f) => f.endsWith('.upload')) && s.server) {
          await stopServer(s.server, 'SIGKILL');
        }
      },
    });
    const midBody = await killedMidBody.outcome;
    expect(midBody.status, 'the request must not have been answered').toBeUndefined();
    expect(filesUnder(incoming).length, 'a temporary upload was left by the kill').toBeGreaterThan(0);

    await s.boot();
    // The sweep runs in the background once the server listens.
    await until('the temporary upload to be swept', async () =>
      filesUnder(incoming).length === 0 ? true : undefined,
    );
    expect((await feed(s.base, user)).posts).toHaveLength(1);

    // 2. Mid-processing: photos already re-encoded and written, the post not yet committed.
    const before = new Set(filesUnder(photos));
    let orphansAtKill: string[] = [];
    const killedMidWork = rawRequest(s.base, {
      method: 'POST',
      url: '/api/posts',
      headers: { ...authed(user), ...form.headers },
      body: form.payload,
      chunks: 200,
      pauseMs: 40,
    });
    // The photos are re-encoded one after another while the rest of the body waits: kill once
    // two sizes are written, whether or not the body is all sent.
    while (killedMidWork.state.status === undefined && killedMidWork.state.error === undefined) {
      const written = filesUnder(photos).filter((f) => !before.has(f) && f.endsWith('.webp'));
      if (written.length >= 2 && s.server) {
        orphansAtKill = written;
        await stopServer(s.server, 'SIGKILL');
        break;
      }
      await sleep(10);
    }
    const midWork = await killedMidWork.outcome;
    expect(midWork.status, 'the request must not have been answered').toBeUndefined();
    expect(orphansAtKill.length, 'photos written before the kill').toBeGreaterThan(0);

    await s.boot();
    const posts = (await feed(s.base, user)).posts;
    expect(posts, 'only the committed post').toHaveLength(1);
    const keys = posts.flatMap((p) => p.media.flatMap((m) => [m.url, m.url_large]));
    const expected = [...new Set(keys.map((u) => u.replace(/^\/media\//, '')))].sort();
    await until('the orphan photos to be swept', async () =>
      JSON.stringify(filesUnder(media)) === JSON.stringify(expected) ? true : undefined,
    ).catch(() => undefined);
    expect(filesUnder(media), 'media holds exactly the committed post photos').toEqual(expected);
    // And they are served.
    for (const url of keys) expect((await fetch(`${s.base}${url}`)).status).toBe(200);
  });
});

describe('faults: SIGTERM under load', () => {
  it('answers every request already sent, refuses new connections, and exits 0', {
    timeout: scaled(180_000),
  }, async () => {
    // The deadline to finish what it received (10 s by default) stretches with the test's clock: on CI's
    // shared cores three photo uploads and the reads in flight took longer than 10 s to finish.
    const s = await launch({
      postgres: Boolean(adminUrl),
      env: { LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_SECONDS: String(Math.ceil(scaled(10_000) / 1000)) },
    });
    const user = await signUpOverHttp(s.base, s.dataDir, 'Busy Bushra');
    const small = await postForm([await noisyPng(200)]);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${s.base}/api/posts`, {
        method: 'POST',
        headers: { ...authed(user), ...small.headers },
        body: new Uint8Array(small.payload),
      });
      expect(res.status).toBe(201);
    }
    const uploadForm = await postForm(await Promise.all([1, 2].map(() => noisyPng(500))));

    const requests: { kind: string; state: Outcome; outcome: Promise<Outcome> }[] = [];
    let stopping = false;
    // 17 readers of the feed, one request after another, each on a new connection.
    const reader = async () => {
      while (!stopping) {
        const r = rawRequest(s.base, { method: 'GET', url: '/api/posts', headers: authed(user) });
        requests.push({ kind: 'feed', ...r });
        await r.outcome;
      }
    };
    const readers = Array.from({ length: 17 }, reader);
    // Long enough that many reads were written well before the signal (the margin below).
    await sleep(4000);
    // 3 uploads whose bodies take about 3 s: in the middle of their bodies when SIGTERM comes.
    for (let i = 0; i < 3; i++) {
      const r = rawRequest(s.base, {
        method: 'POST',
        url: '/api/posts',
        headers: { ...authed(user), ...uploadForm.headers },
        body: uploadForm.payload,
        chunks: 30,
        pauseMs: 100,
      });
      requests.push({ kind: 'upload', ...r });
    }
    await sleep(1000);
    const server = s.server;
    if (!server) throw new Error('no server');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    stopping = true;

    // Once the process has taken the signal (its log says so, after it stopped listening; a loaded
    // machine can take a while to run the handler), a new connection is refused.
    await until('the server to take the signal', async () =>
      server.output().includes('shutting down') ? true : undefined,
    );
    const late = await rawRequest(s.base, { method: 'GET', url: '/health/live' }).outcome;
    expect(late.status, 'a new connection after SIGTERM is not served').toBeUndefined();
    expect(late.error).toBe('ECONNREFUSED');

    const exitCode = await server.exited;
    await Promise.all(readers);
    const outcomes = await Promise.all(requests.map((r) => r.outcome));
    // Sent: written completely well before the signal (a request still in the kernel's queue when
    // the listener closes is refused with the connection, as any server's would be). "Well before":
    // 2.5 s, as a CI machine running the browser journeys beside this lags the server's event loop by
    // seconds (a read written 0.5 s before was still unread there). Uploads started before the signal
    // all count, though their bodies were still on the way.
    const sent = requests.filter(
      (r) => r.kind === 'upload' || (r.state.sentAt !== undefined && r.state.sentAt < signalledAt - 2500),
    );
    const failed = sent
      .map((r, i) => ({ kind: r.kind, i, ...r.state }))
      .filter((o) => o.status === undefined || o.status < 200 || o.status >= 300);
    console.log(
      `SIGTERM under load: ${JSON.stringify({
        requests: outcomes.length,
        sent: sent.length,
        answered2xx: outcomes.filter((o) => o.status && o.status < 300).length,
        notServed: outcomes.filter((o) => o.status === undefined).length,
        status503: outcomes.filter((o) => o.status === 503).length,
        exitCode,
      })}`,
    );
    expect(failed, server.output().slice(-3000)).toEqual([]);
    // No answer anywhere was cut short: a status means a whole JSON body.
    for (const o of outcomes)
      if (o.status !== undefined) expect(() => JSON.parse(o.body ?? '')).not.toThrow();
    expect(sent.filter((r) => r.kind === 'upload').map((r) => r.state.status)).toEqual([201, 201, 201]);
    expect(exitCode, server.output().slice(-3000)).toBe(0);
  });
});

describe.skipIf(!adminUrl)('faults: the database cut off under load (needs DATABASE_URL)', () => {
  it('says so on /health/ready meanwhile and recovers by itself', { timeout: scaled(180_000) }, async () => {
    const s = await launch({ postgres: true });
    const user = await signUpOverHttp(s.base, s.dataDir, 'Patient Pari');
    const name = new URL(s.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
      await admin.end();
    });

    // Light load all along: a feed request every 100 ms.
    const statuses: number[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        const status = await fetch(`${s.base}/api/posts`, {
          headers: authed(user),
          signal: AbortSignal.timeout(10_000),
        }).then(
          (r) => r.status,
          () => 0,
        );
        statuses.push(status);
        await sleep(100);
      }
    })();
    const ready = () =>
      fetch(`${s.base}/health/ready`, { signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.status,
        () => 0,
      );
    await sleep(1000);
    expect(await ready()).toBe(200);

    // Cut it off: no new connections, and every open one terminated.
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await until('/health/ready to answer 503', async () => ((await ready()) === 503 ? true : undefined));
    const during: number[] = [];
    for (let i = 0; i < 10; i++) {
      during.push(await ready());
      await sleep(300);
    }
    expect(during.every((status) => status === 503)).toBe(true);
    const failuresDuring = statuses.length;

    await admin.query(`alter database ${name} allow_connections true`);
    await until('/health/ready to answer 200 again', async () =>
      (await ready()) === 200 ? true : undefined,
    );
    const afterFrom = statuses.length;
    await until('feed requests to succeed again', async () =>
      statuses.slice(afterFrom).filter((x) => x === 200).length >= 5 ? true : undefined,
    );
    loading = false;
    await load;
    expect(
      statuses.slice(0, failuresDuring).some((x) => x !== 200),
      'the cut was felt',
    ).toBe(true);
    expect(statuses.slice(-5)).toEqual([200, 200, 200, 200, 200]);
    expect(s.server?.child.exitCode, 'no restart: the same process').toBeNull();
  });
});

describe.skipIf(!adminUrl || !redisUrl || !existsSync(REDIS_SERVER))(
  'faults: Redis gone and back (needs DATABASE_URL, REDIS_URL and redis-server)',
  () => {
    it('keeps chat working within one process (rate limits counted in the database meanwhile), and across processes once Redis is back', {
      timeout: scaled(180_000),
    }, async () => {
      const redisPort = await freePort();
      let redis: ChildProcess | undefined;
      const startRedis = async () => {
        const child = spawn(REDIS_SERVER, ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
          stdio: 'ignore',
        });
        redis = child;
        cleanups.push(() => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        });
        await until('redis to listen', async () => {
          const { createConnection } = await import('node:net');
          return new Promise<true | undefined>((resolve) => {
            const c = createConnection(redisPort, '127.0.0.1');
            c.once('connect', () => {
              c.destroy();
              resolve(true);
            });
            c.once('error', () => resolve(undefined));
          });
        });
      };
      await startRedis();

      const database = await createPostgresDatabase(adminUrl ?? '');
      cleanups.push(database.drop);
      // One prefix for both processes (they must reach each other), and no other run's.
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: `makan-faults-${process.pid}`,
      };
      const one = await launch({ postgres: false, env });
      const two = await launch({ postgres: false, env });
      const ana = await signUpOverHttp(one.base, one.dataDir, 'Ana on one');
      const badr = await signUpOverHttp(one.base, one.dataDir, 'Badr on one');
      const carl = await signUpOverHttp(two.base, two.dataDir, 'Carl on two');

      const received = new Map<number, string[]>();
      const connect = async (base: string, user: SignedUpUser) => {
        const socket = openSocket(base, user.token, { reconnection: true });
        cleanups.push(() => {
          socket.close();
        });
        received.set(user.id, []);
        socket.on('MessageSent', ({ message }: { message: ChatMessage }) => {
          received.get(user.id)?.push(message.content ?? '');
        });
        await whenConnected(socket);
      };
      await connect(one.base, badr);
      await connect(two.base, carl);

      const send = async (to: SignedUpUser, content: string) => {
        const opened = await fetch(`${one.base}/api/chat/conversations`, {
          method: 'POST',
          headers: { ...authed(ana), 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: to.id }),
        });
        const id = ((await opened.json()) as { data: { id: number } }).data.id;
        const res = await fetch(`${one.base}/api/chat/conversations/${id}/messages`, {
          method: 'POST',
          headers: { ...authed(ana), 'content-type': 'application/json' },
          body: JSON.stringify({ content }),
          signal: AbortSignal.timeout(15_000),
        });
        expect(res.status).toBe(201);
      };
      const arrives = (user: SignedUpUser, content: string, timeoutMs = scaled(10_000)) =>
        until(
          `${user.name} to receive ${content}`,
          async () => (received.get(user.id)?.includes(content) ? true : undefined),
          timeoutMs,
        );

      // With Redis: across processes.
      await send(carl, 'before');
      await arrives(carl, 'before');

      // Redis gone: the same process still delivers.
      redis?.kill('SIGKILL');
      await sleep(1000);
      await send(badr, 'while down');
      await arrives(badr, 'while down');
      // Rate limits still hold across both processes: counted in the shared database meanwhile.
      const failures: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await fetch(`${(i % 2 ? two : one).base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identifier: carl.email, password: `Guess${i}pw` }),
          signal: AbortSignal.timeout(15_000),
        });
        failures.push(res.status);
      }
      expect(failures).toEqual([...Array(10).fill(422), 429, 429]);

      // Redis back on the same port: across processes again, within some seconds.
      await startRedis();
      let n = 0;
      await until(
        'cross-process delivery after Redis came back',
        async () => {
          n += 1;
          await send(carl, `after ${n}`);
          await sleep(500);
          return received.get(carl.id)?.some((c) => c.startsWith('after ')) ? true : undefined;
        },
        60_000,
      );
      await send(badr, 'still local');
      await arrives(badr, 'still local');
    });
  },
);
