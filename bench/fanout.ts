import { createECDH, randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { tokensFor } from './http/cases.ts';
import { type Bench, type BenchContext, judge } from './lib/context.ts';
import { ms, num, type Row, ratioOf } from './lib/report.ts';
import {
  adminQuery,
  benchDatabaseName,
  databaseUrlFor,
  type RunningServer,
  type Store,
  scratchDir,
  startServer,
} from './lib/server.ts';
import { percentile } from './lib/stats.ts';
import { openExec, prepareDataset } from './seed/dataset.ts';

/**
 * Issue 22's fan-out: a company with many followers who turned on its new listings (in the app and
 * by push) posts one; how long until every in-app notification is stored and every push handed to
 * the push service, and what it does to everyone else's feed meanwhile (p99 during ÷ without).
 */

const COMPANY = 1;
const LAST_TOKEN = 'bench-fanout-last-follower';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A push service on localhost that takes every push (201) and counts them, as a browser's would. */
async function pushReceiver() {
  let count = 0;
  let lastAt = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') {
        count += 1;
        lastAt = performance.now();
      }
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    count: () => count,
    lastAt: () => lastAt,
    reset: () => {
      count = 0;
      lastAt = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A copy of the dataset this bench may change (followers, subscriptions), dropped afterwards. */
async function copyOf(
  ctx: BenchContext,
  dataset: Store,
): Promise<{ store: Store; drop: () => Promise<void> }> {
  const dataDir = scratchDir('fanout');
  rmSync(dataDir, { recursive: true, force: true });
  if (!ctx.adminUrl || !dataset.databaseUrl) {
    cpSync(dataset.dataDir, dataDir, { recursive: true });
    return { store: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = ctx.adminUrl;
  const name = benchDatabaseName('fanout');
  const template = new URL(dataset.databaseUrl).pathname.slice(1);
  await adminQuery(admin, `drop database if exists ${name} with (force)`);
  await adminQuery(admin, `create database ${name} template ${template}`);
  return {
    store: { dataDir, databaseUrl: databaseUrlFor(admin, name) },
    drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`).then(() => undefined),
  };
}

/**
 * Followers of the company, each with the company's new listings on in the app and by push, and
 * one device subscribed at the receiver; answers the time the same rows take as one raw INSERT of
 * as many notifications (the in-app floor), measured on the same database before the server starts.
 */
async function addFollowers(store: Store, followers: number, pushUrl: string): Promise<number> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  const { exec, close } = await openExec(store);
  try {
    // Followers from before the run, as the seed's own: their follows queue no notification (the
    // queue's triggers are off in this session), so the run measures the listing's fan-out alone.
    await exec('set session_replication_role = replica');
    await exec(
      `with made as (
        insert into users (name, email, phone, phone_normalized, user_type, email_verified_at)
        select 'Fan ' || i, 'fanout' || i || '@bench.example', '+9665' || lpad((90000000 + i)::text, 8, '0'),
          '+9665' || lpad((90000000 + i)::text, 8, '0'), 'retail', now()
        from generate_series(1, $1::int) i returning id
      ), follow as (
        insert into follows (follower_id, followee_id, created_at) select id, $2, now() from made
      ), signed_in as (
        insert into auth_tokens (user_id, token_hash, expires_at)
        select id, encode(sha256(convert_to('bench-fanout-' || id, 'UTF8')), 'hex'), now() + interval '1 day'
        from made returning id, user_id
      ), subscribed as (
        insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth, created_at)
        select user_id, id, $3 || '/push/' || user_id, $4, $5, now() from signed_in
      )
      insert into notification_preferences (user_id, kind, in_app, push, email, updated_at)
      select id, 'post', true, true, false, now() from made`,
      [followers, COMPANY, pushUrl, p256dh, auth],
    );
    await exec('set session_replication_role = origin');
    await exec(
      `insert into auth_tokens (user_id, token_hash, expires_at)
       select max(id), encode(sha256(convert_to($1, 'UTF8')), 'hex'), now() + interval '1 day'
       from users where email like 'fanout%@bench.example'`,
      [LAST_TOKEN],
    );
    // The floor: the same number of notification rows in one statement, then gone again.
    const started = performance.now();
    await exec(
      `insert into notifications (recipient_id, kind, group_key, post_id, created_at, updated_at)
       select id, 'post', 'floor', (select min(id) from posts), now(), now()
       from users where email like 'fanout%@bench.example'`,
    );
    const floor = performance.now() - started;
    await exec(`delete from notifications where group_key = 'floor'`);
    return floor;
  } finally {
    await close();
  }
}

/** The floor of handing pushes over: as many plain POSTs to the same receiver, 16 at a time. */
async function plainPosts(url: string, count: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const body = randomBytes(180);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next += 1;
      await new Promise<void>((resolve, reject) => {
        const req = http.request(`${url}/push/floor`, { method: 'POST', agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end(body);
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  return performance.now() - started;
}

/** The feed under load, answers kept with the time they came, until `stop` is called. */
function feedLoad(server: RunningServer, tokens: string[], connections: number) {
  const samples: { at: number; ms: number }[] = [];
  let next = 0;
  let errors = 0;
  let stop: () => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: `${server.url}/api/posts?order=latest`,
        connections,
        duration: 600,
        timeout: 60,
        setupClient: (client) => {
          const token = tokens[next++ % tokens.length];
          if (token) client.setHeaders({ authorization: `Bearer ${token}` });
          client.on('response', (status: number, _bytes: number, latency: number) => {
            if (status >= 400) errors += 1;
            samples.push({ at: performance.now(), ms: latency });
          });
        },
      },
      (err) => (err ? reject(err) : resolve()),
    );
    stop = () => tracker.stop();
  });
  return {
    stop: async () => {
      stop();
      await done;
    },
    between: (from: number, to: number) => samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.ms),
    errors: () => errors,
  };
}

async function postListing(url: string, token: string): Promise<number> {
  const form = new FormData();
  form.set('property_type', 'office');
  form.set('location', 'King Abdullah Financial District');
  form.set('description', 'Tower B: new office floors, ready now');
  const res = await fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`fanout: listing refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Until the last follower (the last chunk) has the listing's notification. */
async function lastFollowerTold(url: string, postId: number, deadline: number): Promise<number> {
  for (;;) {
    const res = await fetch(`${url}/api/notifications?per_page=5`, {
      headers: { authorization: `Bearer ${LAST_TOKEN}` },
    });
    const body = (await res.json()) as { data?: { notifications: { post_id: number | null }[] } };
    if (body.data?.notifications.some((n) => n.post_id === postId)) return performance.now();
    if (performance.now() > deadline) throw new Error('fanout: the last follower was never told');
    await sleep(20);
  }
}

export const fanoutBench: Bench = {
  name: 'fanout',
  describe:
    'a company with 10,000 opted-in followers posts: in-app and push fan-out times, feed p99 meanwhile',
  run: async (ctx: BenchContext) => {
    const followers = ctx.smoke ? 300 : 10_000;
    const { store: dataset, shape } = await prepareDataset(ctx);
    const receiver = await pushReceiver();
    const copy = await copyOf(ctx, dataset);
    try {
      const insertFloor = await addFollowers(copy.store, followers, receiver.url);
      const pushFloor = await plainPosts(receiver.url, followers);
      receiver.reset();
      const server = await startServer(copy.store, { NOTIFICATIONS_EVERY_SECONDS: '1' });
      const tokens = tokensFor(shape, ctx.connections);
      let without: number[];
      let during: number[];
      let inAppMs: number;
      let pushMs: number;
      let errors = 0;
      try {
        // Without: the feed alone, after a warm-up on the same connections.
        const quiet = feedLoad(server, tokens, ctx.connections);
        const warmEnd = performance.now() + Math.min(3, ctx.seconds) * 1000;
        await sleep(Math.min(3, ctx.seconds) * 1000 + ctx.seconds * 1000);
        without = quiet.between(warmEnd, performance.now());
        await quiet.stop();
        errors += quiet.errors();

        const busy = feedLoad(server, tokens, ctx.connections);
        await sleep(Math.min(3, ctx.seconds) * 1000);
        const postedAt = performance.now();
        const postId = await postListing(server.url, `bench-token-${COMPANY}`);
        const deadline = postedAt + 600_000;
        const toldAt = await lastFollowerTold(server.url, postId, deadline);
        while (receiver.count() < followers) {
          if (performance.now() > deadline)
            throw new Error(`fanout: ${receiver.count()} of ${followers} pushes arrived\n${server.output()}`);
          await sleep(20);
        }
        const pushedAt = receiver.lastAt();
        during = busy.between(postedAt, pushedAt);
        await busy.stop();
        errors += busy.errors();
        inAppMs = toldAt - postedAt;
        pushMs = pushedAt - postedAt;
      } finally {
        await server.stop();
      }
      if (errors > 0) throw new Error(`fanout: ${errors} feed requests failed`);
      const p99Without = percentile(without, 99);
      const p99During = percentile(during, 99);
      const ratio = ratioOf(p99During, p99Without);
      const n = num(followers);
      const rows: Row[] = [
        {
          bench: 'fanout',
          case: `${n} followers: all in-app notifications stored vs one raw INSERT of as many`,
          measured: ms(inAppMs),
          baseline: ms(insertFloor),
          ratio: ratioOf(inAppMs, insertFloor),
          values: { followers, inAppMs, insertFloor },
        },
        {
          bench: 'fanout',
          case: `${n} followers: all pushes handed to the push service vs as many plain POSTs`,
          measured: ms(pushMs),
          baseline: ms(pushFloor),
          ratio: ratioOf(pushMs, pushFloor),
          values: { followers, pushMs, pushFloor },
        },
        {
          bench: 'fanout',
          case: `feed p99 during the fan-out (${num(during.length)} requests) vs without`,
          measured: `p99 ${ms(p99During)}, p50 ${ms(percentile(during, 50))}`,
          baseline: `p99 ${ms(p99Without)}, p50 ${ms(percentile(without, 50))}`,
          ratio,
          target: '≤ 1.5',
          met: judge(ctx, ratio <= 1.5),
          values: { p99During, p99Without, samplesDuring: during.length, samplesWithout: without.length },
        },
      ];
      return rows;
    } finally {
      await receiver.close();
      await copy.drop();
    }
  },
};
