import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ChatMessage, Presence } from '@makan/contract/chat';
import type { Post } from '@makan/contract/posts';
import type { SendAck } from '@makan/contract/realtime';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../test/form.ts';
import { noisyPng } from '../test/media.ts';
import { type LoadBalancer, nginxBinary, startNginx } from '../test/nginx.ts';
import { startS3Server } from '../test/s3-server.ts';
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
import { openSocket, type TestSocket, whenConnected } from '../test/sockets.ts';
import { scaled } from '../test/time-scale.ts';

/**
 * Several machines (issue 24): three server processes, each with a data folder of its own, on one
 * PostgreSQL database, one Redis and one S3-compatible bucket (s3rver), behind nginx with round robin
 * and no sticky sessions. Everything the test asserts goes through nginx; the nodes' own ports serve
 * only their /metrics (which node holds a socket) and their readiness.
 *
 * The client's side of a node's death, as the web app should do it: an idempotent request (GET) is
 * retried by nginx on another node and never fails; a chat message or chat file is retried by the
 * client with the same client_id (the server stores it once); a post is retried with the same
 * Idempotency-Key (the server stores it once, and answers a repeat with the first answer).
 */

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const missing = [
  adminUrl ? '' : 'DATABASE_URL',
  redisUrl ? '' : 'REDIS_URL',
  nginxBinary ? '' : 'nginx (apt-get install -y nginx)',
].filter(Boolean);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Node = {
  name: string;
  port: number;
  dataDir: string;
  metricsPort: number;
  server: ServerProcess;
  boot: () => Promise<void>;
};

type Answer = { status: number; body: unknown; headers: Headers };

/** An answer no retry will change (a 4xx): the loop stops at once, naming it. */
class Refused extends Error {}
const refuseOn4xx = (what: string, answer: Answer) => {
  if (answer.status >= 400 && answer.status < 500)
    throw new Refused(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
};

describe.skipIf(missing.length > 0)(
  `three nodes behind nginx (needs DATABASE_URL, REDIS_URL and nginx${missing.length ? `; missing: ${missing.join(', ')}` : ''})`,
  () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    const nodes: Node[] = [];
    const sockets: { user: SignedUpUser; socket: TestSocket }[] = [];
    let lb: LoadBalancer;
    let databaseUrl = '';
    let ana: SignedUpUser;
    let badr: SignedUpUser;
    let conversationId = 0;

    /** One request through nginx. */
    const call = async (
      method: 'GET' | 'POST',
      url: string,
      {
        user,
        json,
        form,
        headers = {},
      }: {
        user?: SignedUpUser;
        json?: object;
        form?: { payload: Buffer; headers: Record<string, string> };
        headers?: Record<string, string>;
      } = {},
    ): Promise<Answer> => {
      const res = await fetch(`${lb.base}${url}`, {
        method,
        headers: {
          ...(user ? { authorization: `Bearer ${user.token}` } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...form?.headers,
          ...headers,
        },
        ...(json ? { body: JSON.stringify(json) } : {}),
        ...(form ? { body: new Uint8Array(form.payload) } : {}),
      });
      const type = res.headers.get('content-type') ?? '';
      const body: unknown = type.includes('json') ? await res.json() : await res.arrayBuffer();
      return { status: res.status, body, headers: res.headers };
    };
    const dataOf = <T>(answer: Answer) => (answer.body as { data: T }).data;
    const servedBy = (answer: Answer) => answer.headers.get('x-served-by') ?? '?';

    /** Sockets open on each node, from the node's own /metrics (0 for a node that is down). */
    const socketsPerNode = () =>
      Promise.all(
        nodes.map(async (n) => {
          const res = await fetch(`http://127.0.0.1:${n.metricsPort}/metrics`).catch(() => undefined);
          if (!res) return 0;
          return Number(/^makan_socketio_connected_sockets (\d+)/m.exec(await res.text())?.[1] ?? Number.NaN);
        }),
      );

    /** A socket through nginx, and the node it landed on (the one whose count went up). */
    const connectThroughNginx = async (user: SignedUpUser, options = {}) => {
      const before = await socketsPerNode();
      const socket = openSocket(lb.base, user.token, options);
      sockets.push({ user, socket });
      await whenConnected(socket);
      const index = await until('the socket to be counted on a node', async () => {
        const after = await socketsPerNode();
        const grown = after.findIndex((count, i) => count > (before[i] ?? 0));
        return grown >= 0 ? grown : undefined;
      });
      const node = nodes[index];
      if (!node) throw new Error(`no node ${index}`);
      return { socket, node };
    };

    const smallPng = (seed: number) =>
      sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();

    beforeAll(async () => {
      if (!adminUrl || !redisUrl) return;
      const started = Date.now();
      const database = await createPostgresDatabase(adminUrl);
      databaseUrl = database.url;
      cleanups.push(database.drop);
      const s3 = await startS3Server({ bucket: 'makan-nodes' });
      cleanups.push(s3.stop);
      const places = await Promise.all(['a', 'b', 'c'].map(() => processPlace('nodes', undefined, cleanups)));
      lb = await startNginx(places.map((p) => p.port));
      cleanups.push(() => lb.stop());
      const prefix = `makan-nodes-${process.pid}-${randomBytes(3).toString('hex')}`;
      for (const [i, place] of places.entries()) {
        const name = `node-${'abc'[i]}`;
        const metricsPort = await freePort();
        const env = testServerEnv(place.port, place.dataDir, {
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          TRUST_PROXY: '127.0.0.1',
          NODE_NAME: name,
          METRICS_PORT: String(metricsPort),
          PUBLIC_URL: lb.base,
          // The flood limit is per process (a socket stays on one); the loop below must not meet it.
          LIMIT_MESSAGES_PER_MINUTE: '1000',
          ...s3.env,
        });
        const node: Node = {
          name,
          port: place.port,
          dataDir: place.dataDir,
          metricsPort,
          server: startServer(env),
          boot: async () => {
            node.server = startServer(env);
            await waitReady(node.port, node.server);
          },
        };
        nodes.push(node);
        cleanups.push(() => stopServer(node.server));
      }
      // All three at once: the startup lock makes one of them migrate.
      await Promise.all(nodes.map((n) => waitReady(n.port, n.server)));
      const dirs = nodes.map((n) => n.dataDir);
      ana = await signUpOverHttp(lb.base, dirs, 'Ana behind nginx');
      badr = await signUpOverHttp(lb.base, dirs, 'Badr behind nginx');
      const opened = await call('POST', '/api/chat/conversations', { user: ana, json: { user_id: badr.id } });
      expect(opened.status).toBe(201);
      conversationId = dataOf<{ id: number }>(opened).id;
      console.info(`nodes: three nodes, nginx and s3rver ready in ${Date.now() - started} ms`);
    }, scaled(180_000));

    afterAll(async () => {
      for (const { socket } of sockets) socket.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('serves a photo uploaded through one node from the others (round robin, one bucket)', async () => {
      const form = await multipartBody(
        { description: 'Office seen from every node', property_type: 'office', location: 'Riyadh' },
        [{ name: 'front.png', bytes: await smallPng(1), type: 'image/png', field: 'media' }],
      );
      const created = await call('POST', '/api/posts', { user: ana, form });
      expect(created.status).toBe(201);
      const uploadedOn = servedBy(created);
      const [photo] = dataOf<Post>(created).media;
      expect(photo).toBeDefined();
      const served = new Set<string>();
      let bytes: string | undefined;
      for (let i = 0; i < 6; i++) {
        const got = await call('GET', photo?.url ?? '');
        expect(got.status).toBe(200);
        expect(got.headers.get('content-type')).toBe('image/webp');
        const digest = Buffer.from(got.body as ArrayBuffer).toString('base64');
        bytes ??= digest;
        expect(digest).toBe(bytes);
        served.add(servedBy(got));
      }
      // Round robin: six requests reach all three nodes, the two that did not take the upload included.
      expect([...served].sort()).toEqual(nodes.map((n) => n.name));
      expect(served).toContain(uploadedOn);
    });

    it('serves a registration document and a data export written through one node from the others, to their readers only', {
      timeout: scaled(60_000),
    }, async () => {
      const dirs = nodes.map((n) => n.dataDir);
      const company = await signUpOverHttp(lb.base, dirs, 'Company behind nginx');
      const moderator = await signUpOverHttp(lb.base, dirs, 'Moderator behind nginx');
      const sql = new pg.Client({ connectionString: databaseUrl });
      await sql.connect();
      try {
        await sql.query(`update users set user_type = 'developer' where id = $1`, [company.id]);
        await sql.query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
      } finally {
        await sql.end();
      }

      // The document, through whichever node nginx picks; then read through every node.
      const pdf = Buffer.from(`%PDF-1.4 registration of ${company.name} ${randomBytes(8).toString('hex')}`);
      const form = await multipartBody({ registration_number: '1010123456' }, [
        { name: 'registration.pdf', bytes: pdf, type: 'application/pdf', field: 'document' },
      ]);
      const asked = await call('POST', '/api/company-verification', { user: company, form });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const { id } = dataOf<{ verification: { id: number } }>(asked).verification;
      const documentUrl = `/api/admin/verifications/${id}/document`;
      const documentServedBy = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const got = await call('GET', documentUrl, { user: moderator });
        expect(got.status, `document read ${i + 1}`).toBe(200);
        expect(got.headers.get('content-type')).toBe('application/pdf');
        expect(Buffer.from(got.body as ArrayBuffer).equals(pdf)).toBe(true);
        documentServedBy.add(servedBy(got));
      }
      expect([...documentServedBy].sort()).toEqual(nodes.map((n) => n.name));
      // Never under the public media address, and refused to anyone but staff on every node.
      for (let i = 0; i < 3; i++) {
        expect((await call('GET', documentUrl, { user: ana })).status).toBe(403);
        expect((await call('GET', documentUrl)).status).toBe(401);
      }
      expect((await call('GET', `/media/verification/${'0'.repeat(32)}.pdf`)).status).toBe(404);

      // The export is prepared by the node whose account job claims it; downloaded through every node.
      const exportAsked = await call('POST', '/api/account/export', { user: company });
      expect(exportAsked.status, JSON.stringify(exportAsked.body)).toBe(202);
      const ready = await until(
        'the export to be ready',
        async () => {
          const res = await call('GET', '/api/account/export', { user: company });
          const row = dataOf<{ export: { status: string; download_url: string | null } | null }>(res).export;
          return row?.status === 'ready' && row.download_url ? row.download_url : undefined;
        },
        30_000,
      );
      const exportServedBy = new Set<string>();
      let archive: string | undefined;
      for (let i = 0; i < 6; i++) {
        const got = await call('GET', ready, { user: company });
        expect(got.status, `export read ${i + 1}`).toBe(200);
        const text = JSON.stringify(got.body);
        archive ??= text;
        expect(text).toBe(archive);
        exportServedBy.add(servedBy(got));
      }
      expect(archive).toContain(company.email);
      expect([...exportServedBy].sort()).toEqual(nodes.map((n) => n.name));
      for (let i = 0; i < 3; i++) expect((await call('GET', ready, { user: ana })).status).toBe(404);
    });

    it('carries chat between users whose sockets are on different nodes, and their presence', async () => {
      const anaOn = await connectThroughNginx(ana);
      let badrOn = await connectThroughNginx(badr);
      // No stickiness: the next connection goes to the next node; make sure it is another one.
      while (badrOn.node === anaOn.node) {
        badrOn.socket.close();
        badrOn = await connectThroughNginx(badr);
      }
      const heard = new Promise<ChatMessage>((resolve) =>
        badrOn.socket.on('MessageSent', (e) => {
          if (e.message.client_id === 'across-1') resolve(e.message);
        }),
      );
      const ack = (await anaOn.socket.timeout(5000).emitWithAck('send', {
        conversationId,
        content: `Hello from ${anaOn.node.name}`,
        client_id: 'across-1',
      })) as SendAck;
      expect(ack).toMatchObject({ ok: true, created: true });
      expect((await heard).content).toBe(`Hello from ${anaOn.node.name}`);

      // Presence: Badr's one socket is on one node; every node says he is online.
      const answeredBy = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await call('GET', `/api/chat/presence?user_ids=${badr.id}`, { user: ana });
        expect(res.status).toBe(200);
        expect(dataOf<{ presence: Presence[] }>(res).presence).toEqual([
          { user_id: badr.id, online: true, last_seen_at: null },
        ]);
        answeredBy.add(servedBy(res));
      }
      expect(answeredBy.size).toBe(3);
    });

    it('counts a rate limit once across the nodes, by the address nginx saw (a forged X-Forwarded-For is not believed)', async () => {
      // Clients on other loopback addresses than nginx's (TRUST_PROXY=127.0.0.1): nginx appends the
      // address it saw to whatever X-Forwarded-For the client sent, and the nodes believe only that.
      const loginFrom = (localAddress: string, forged: string) =>
        new Promise<{ status: number; servedBy: string }>((resolve, reject) => {
          const body = JSON.stringify({ identifier: badr.email, password: 'Secret123' });
          const req = http.request(
            `${lb.base}/api/auth/login`,
            {
              method: 'POST',
              localAddress,
              agent: false,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
            },
            (res) => {
              res.resume();
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, servedBy: String(res.headers['x-served-by']) }),
              );
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      const perNode = new Map<string, number>();
      for (let i = 0; i < 60; i++) {
        const res = await loginFrom('127.0.0.2', `203.0.113.${i + 1}`);
        expect(res.status, `login ${i + 1}`).toBe(200);
        perNode.set(res.servedBy, (perNode.get(res.servedBy) ?? 0) + 1);
      }
      // Each node saw a third of them: only a count shared by the nodes reaches the limit of 60.
      expect([...perNode.keys()].sort()).toEqual(nodes.map((n) => n.name));
      for (const count of perNode.values()) expect(count).toBeLessThan(60);
      const refusedBy = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await loginFrom('127.0.0.2', `198.51.100.${i + 1}`);
        expect(res.status).toBe(429);
        refusedBy.add(res.servedBy);
      }
      expect(refusedBy.size).toBe(3);
      // Another address still signs in.
      expect((await loginFrom('127.0.0.3', '203.0.113.1')).status).toBe(200);
    });

    it('answers with the X-Request-Id nginx gave the request, not the one the client sent', async () => {
      const res = await call('GET', '/api/no-such-thing', {
        headers: { 'x-request-id': 'forged-by-client' },
      });
      expect(res.status).toBe(404);
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body).toMatchObject({ request_id: id });
      await until('nginx to log the request', async () =>
        lb.accessLog().includes(`${id} 127.0.0.1:`) ? true : undefined,
      );
      const line =
        lb
          .accessLog()
          .split('\n')
          .find((l) => l.startsWith(id)) ?? '';
      const node = nodes.find((n) => n.name === servedBy(res));
      expect(line).toContain(`127.0.0.1:${node?.port} 404 "GET /api/no-such-thing`);
    });

    it('loses and duplicates nothing acknowledged when a node is killed mid-traffic, and takes the node back', {
      timeout: scaled(150_000),
    }, async () => {
      // Ana's socket reconnects by itself, as the web app's does; the victim is the node it is on.
      const anaOn = await connectThroughNginx(ana, {
        reconnection: true,
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
      });
      const victim = anaOn.node;
      let badrOn = await connectThroughNginx(badr);
      while (badrOn.node === victim) {
        badrOn.socket.close();
        badrOn = await connectThroughNginx(badr);
      }
      const badrHeard = new Map<string, number>();
      badrOn.socket.on('MessageSent', (e) => {
        const id = e.message.client_id ?? '';
        badrHeard.set(id, (badrHeard.get(id) ?? 0) + 1);
      });
      let anaReconnects = 0;
      anaOn.socket.io.on('reconnect', () => {
        anaReconnects += 1;
      });

      const tally = {
        socketSends: 0,
        socketRetries: 0,
        httpMessages: 0,
        httpMessageRetries: 0,
        posts: 0,
        postFailures: 0,
        postsReplayed: 0,
        files: 0,
        fileRetries: 0,
        reads: 0,
        readFailures: [] as string[],
        /** The last refusal or error, for a failure message. */
        lastFailure: '',
      };
      const acked = { socket: new Set<string>(), http: new Set<string>(), files: new Set<string>() };
      const ackedPosts = new Map<string, number>();
      const ackedFiles: ChatMessage[] = [];
      const servedAfterRestart = new Set<string>();
      let phase: 'before' | 'down' | 'restarted' = 'before';
      /** Keys are per user and kept a day: this run's own, should the database be reused. */
      const runKey = randomBytes(4).toString('hex');
      let running = true;

      /** Until it works: the same request again (a client id makes a repeat harmless). */
      const retrying = async <T>(
        what: string,
        attempt: () => Promise<T | undefined>,
        onRetry: () => void,
      ) => {
        for (let i = 0; i < 40; i++) {
          const done = await attempt().catch((error: unknown) => {
            if (error instanceof Refused) throw error;
            tally.lastFailure = String(error);
            return undefined;
          });
          if (done !== undefined) return done;
          onRetry();
          await sleep(250);
        }
        throw new Error(`${what}: not acknowledged after 40 tries (last: ${tally.lastFailure})`);
      };

      const socketLoop = async () => {
        for (let i = 0; running; i++) {
          const clientId = `sock-${i}`;
          await retrying(
            clientId,
            async () => {
              const ack = (await anaOn.socket.timeout(3000).emitWithAck('send', {
                conversationId,
                content: `Socket message ${i}`,
                client_id: clientId,
              })) as SendAck;
              if (!ack.ok) tally.lastFailure = `send: ${JSON.stringify(ack)}`;
              return ack.ok ? ack : undefined;
            },
            () => {
              tally.socketRetries += 1;
            },
          );
          acked.socket.add(clientId);
          tally.socketSends += 1;
          await sleep(60);
        }
      };
      const httpMessageLoop = async () => {
        for (let i = 0; running; i++) {
          const clientId = `http-${i}`;
          await retrying(
            clientId,
            async () => {
              const res = await call('POST', `/api/chat/conversations/${conversationId}/messages`, {
                user: badr,
                json: { content: `HTTP message ${i}`, client_id: clientId },
              });
              refuseOn4xx(clientId, res);
              if (res.status >= 300) tally.lastFailure = `message: ${res.status} ${JSON.stringify(res.body)}`;
              return res.status === 201 || res.status === 200 ? res : undefined;
            },
            () => {
              tally.httpMessageRetries += 1;
            },
          );
          acked.http.add(clientId);
          tally.httpMessages += 1;
          await sleep(60);
        }
      };
      /**
       * A post sent until it is stored once, with one Idempotency-Key for all its tries: after a failure
       * (a 502 from nginx, a refused connection) the client sends the same request again, as the web
       * app does, and the server stores it once (or answers with the post the first try stored).
       */
      const postUntilStored = async (user: SignedUpUser, marker: string, photo: Buffer) => {
        const form = await multipartBody(
          { description: marker, property_type: 'office', location: 'Jeddah' },
          [{ name: 'p.png', bytes: photo, type: 'image/png', field: 'media' }],
        );
        const stored = await retrying(
          marker,
          async () => {
            const res = await call('POST', '/api/posts', {
              user,
              form,
              headers: { 'idempotency-key': `${marker}-${runKey}` },
            }).catch(() => undefined);
            if (res?.status === 201) {
              if (res.headers.get('idempotent-replayed') === 'true') tally.postsReplayed += 1;
              return dataOf<Post>(res).id;
            }
            if (res) refuseOn4xx(marker, res);
            tally.postFailures += 1;
            tally.lastFailure = `post: ${res?.status} ${JSON.stringify(res?.body)}`;
            return undefined;
          },
          () => {},
        );
        ackedPosts.set(marker, stored);
        tally.posts += 1;
      };
      const postLoop = async () => {
        for (let i = 0; running; i++) {
          await postUntilStored(ana, `nodes-post-${i}`, await smallPng(i));
          // 60 posts an hour per user (posts.routes.ts): two a second leaves room for the whole run.
          await sleep(400);
        }
      };
      const fileLoop = async () => {
        for (let i = 0; running; i++) {
          const clientId = `file-${i}`;
          const form = await multipartBody({ client_id: clientId }, [
            { name: `plan-${i}.png`, bytes: await smallPng(i + 7), type: 'image/png' },
          ]);
          const message = await retrying(
            clientId,
            async () => {
              const res = await call('POST', `/api/chat/conversations/${conversationId}/files`, {
                user: badr,
                form,
              });
              refuseOn4xx(clientId, res);
              if (res.status >= 300) tally.lastFailure = `file: ${res.status} ${JSON.stringify(res.body)}`;
              return res.status === 201 || res.status === 200 ? dataOf<ChatMessage>(res) : undefined;
            },
            () => {
              tally.fileRetries += 1;
            },
          );
          acked.files.add(clientId);
          ackedFiles.push(message);
          tally.files += 1;
          await sleep(100);
        }
      };
      const readLoop = async () => {
        while (running) {
          try {
            const res = await call('GET', '/api/posts?per_page=5', { user: badr });
            if (res.status !== 200) tally.readFailures.push(`${phase}: ${res.status}`);
            else if (phase === 'restarted') servedAfterRestart.add(servedBy(res));
          } catch (error) {
            tally.readFailures.push(`${phase}: ${String(error)}`);
          }
          tally.reads += 1;
          await sleep(20);
        }
      };

      const loops = Promise.all([socketLoop(), httpMessageLoop(), postLoop(), fileLoop(), readLoop()]);
      // A loop that gives up stops the others; its error is thrown where the loops are awaited.
      loops.catch(() => {
        running = false;
      });
      const began = Date.now();
      await sleep(3000);
      const beforeKill = { ...tally };
      // Three heavy posts at once, one to each node, being re-encoded when the victim dies: the one
      // on the victim loses its answer (nginx does not resend a POST that reached a node).
      const burstPhotos = await Promise.all([1, 2, 3].map(() => noisyPng(1200)));
      const burst = Promise.all(
        burstPhotos.map((photo, k) => postUntilStored(badr, `nodes-burst-${k}`, photo)),
      );
      // Killed once a photo is arriving in the victim's own folder: that request is its, for sure.
      const incoming = path.join(victim.dataDir, 'media', '.incoming');
      const caughtAPost = await until(
        'a photo arriving on the victim',
        async () => (readdirSync(incoming).some((f) => f.endsWith('.upload')) ? true : undefined),
        5000,
      ).catch(() => false);
      await stopServer(victim.server, 'SIGKILL');
      phase = 'down';
      const killedAt = Date.now();
      await sleep(5000);
      expect(anaReconnects, 'Ana’s socket reconnected through nginx to another node').toBeGreaterThan(0);
      // Both sockets are on the living nodes: Ana's came back through nginx to one of them.
      const whileDown = await socketsPerNode();
      expect(whileDown[nodes.indexOf(victim)]).toBe(0);
      expect(whileDown.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
      expect(anaOn.socket.connected).toBe(true);
      await victim.boot();
      phase = 'restarted';
      const restartedAt = Date.now();
      // (Or a loop gave up: its error is thrown below.)
      await until('the restarted node to answer through nginx', async () =>
        servedAfterRestart.has(victim.name) || !running ? true : undefined,
      );
      await sleep(2000);
      running = false;
      await loops;
      await burst;
      const ended = Date.now();

      // The database: every acknowledged message, post and file once.
      const sql = new pg.Client({ connectionString: databaseUrl });
      await sql.connect();
      try {
        const messages = await sql.query<{ client_id: string; n: string }>(
          'select client_id, count(*) as n from messages where conversation_id = $1 and client_id is not null group by client_id',
          [conversationId],
        );
        const stored = new Map(messages.rows.map((r) => [r.client_id, Number(r.n)]));
        for (const id of [...acked.socket, ...acked.http, ...acked.files]) {
          expect(stored.get(id), `message ${id}`).toBe(1);
        }
        const posts = await sql.query<{ description: string; n: string }>(
          "select description, count(*) as n from posts where user_id = any($1) and description like 'nodes-%' group by description",
          [[ana.id, badr.id]],
        );
        const storedPosts = new Map(posts.rows.map((r) => [r.description, Number(r.n)]));
        for (const marker of ackedPosts.keys()) expect(storedPosts.get(marker), `post ${marker}`).toBe(1);
        // The post being sent when the loop stopped may be stored; nothing else beyond what was acknowledged.
        expect(storedPosts.size).toBeLessThanOrEqual(ackedPosts.size + 1);
        for (const n of storedPosts.values()) expect(n).toBe(1);
      } finally {
        await sql.end();
      }

      // Uploads: every acknowledged post's photo and chat file is in the bucket, through any node.
      for (const [marker, id] of ackedPosts) {
        const got = await call('GET', `/api/posts/${id}`, { user: badr });
        expect(got.status, marker).toBe(200);
        for (const m of dataOf<Post>(got).media) expect((await call('GET', m.url)).status, m.url).toBe(200);
      }
      for (const message of ackedFiles) {
        const [attachment] = message.attachments;
        expect((await call('GET', attachment?.url ?? '')).status, message.client_id ?? '').toBe(200);
      }
      // Badr's socket, on a node that lived, has every message Ana's socket had acknowledged: live, or
      // by catching up as the app does (`after=`). Live events are published after the commit, by the
      // node that stored the message: one killed between its acknowledgement and its publish (which
      // Redis takes on the next write) leaves the event unsent, never the message; the app's client
      // sees the gap by `previousMessageId` and reads what it missed.
      const missedLive = [...acked.socket].filter((id) => !badrHeard.has(id));
      if (missedLive.length > 0) {
        const caughtUp = await call('GET', `/api/chat/conversations/${conversationId}/messages?after=0`, {
          user: badr,
        });
        expect(caughtUp.status).toBe(200);
        const read = new Set(dataOf<{ messages: ChatMessage[] }>(caughtUp).messages.map((m) => m.client_id));
        for (const id of missedLive) expect(read.has(id), `Badr caught up with ${id}`).toBe(true);
      }
      expect(missedLive.length, 'events lost with the killed node').toBeLessThanOrEqual(3);

      // Presence after the death: Ana is online (her socket came back); once her sockets close, every
      // node says she is offline (the dead node's socket is not counted).
      const anaPresence = async () => {
        const res = await call('GET', `/api/chat/presence?user_ids=${ana.id}`, { user: badr });
        expect(res.status).toBe(200);
        return dataOf<{ presence: Presence[] }>(res).presence[0];
      };
      expect(await anaPresence()).toMatchObject({ online: true });
      for (const { user, socket } of sockets) if (user === ana) socket.close();
      await until('Ana to be offline on every node', async () => {
        const seen = await Promise.all([1, 2, 3].map(anaPresence));
        return seen.every((p) => p?.online === false && p.last_seen_at) ? true : undefined;
      });

      // The post the victim was receiving lost its answer; the client sent it again with its key.
      if (caughtAPost) expect(tally.postFailures).toBeGreaterThan(0);
      // Idempotent reads never failed: nginx tried them on the next node.
      expect(tally.readFailures).toEqual([]);
      const summary = {
        ...tally,
        readFailures: tally.readFailures.length,
        beforeKill: { socketSends: beforeKill.socketSends, posts: beforeKill.posts, reads: beforeKill.reads },
        victim: victim.name,
        killedDuringAPost: caughtAPost,
        anaReconnects,
        socketsPerNodeWhileDown: whileDown,
        downForMs: restartedAt - killedAt,
        restartedServedBy: [...servedAfterRestart].sort(),
        loopMs: ended - began,
      };
      console.info(`nodes: kill summary ${JSON.stringify(summary)}`);
      expect(tally.socketSends).toBeGreaterThan(10);
      expect(tally.posts).toBeGreaterThan(3);
      expect(tally.files).toBeGreaterThan(3);
      expect(servedAfterRestart).toContain(victim.name);
    });
  },
);
