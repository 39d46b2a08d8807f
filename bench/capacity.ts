import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { type LoadBalancer, nginxBinary, startNginx } from '../apps/server/src/test/nginx.ts';
import { type Bench, type BenchContext, judge } from './lib/context.ts';
import { mb, ms, num, type Row, ratioOf } from './lib/report.ts';
import { type RunningServer, scratchDir, startServer } from './lib/server.ts';
import { percentile } from './lib/stats.ts';
import { connect } from './realtime/clients.ts';
import { prepareDataset } from './seed/dataset.ts';
import { benchToken, type Shape } from './seed/seed.ts';

/** The users of the load test (issue 24): each one HTTP connection and one socket, through nginx. */
const USERS = 200;
/** The latency a step must keep to count: p99 under this. */
const P99_LIMIT_MS = 500;
/** Request rates tried, each step this much above the last, until one fails. */
const STEP_FACTOR = 1.4;
const FIRST_RATE = 10;
const MAX_STEPS = 16;

type Mix = { users: { id: number; conversation: number }[]; posts: number };

type Step = {
  target: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  count: number;
};

/**
 * One user's cycle of ten requests, the mix of the load test: five feed pages (latest and ranked
 * for you, alternately), four post pages (a random listing each), one chat message sent over HTTP
 * into one of the user's conversations (stored, then fanned out to the partners' sockets through
 * Redis).
 */
const CYCLE = ['feed', 'post', 'feed', 'post', 'feed', 'chat', 'feed', 'post', 'feed', 'post'] as const;

async function mixOf(databaseUrl: string, shape: Shape, users: number): Promise<Mix> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: number; conversation_id: number }>(
      `select user_id, min(conversation_id) as conversation_id from conversation_participants
        where user_id <= $1 group by user_id order by user_id`,
      [Math.min(users, shape.tokens)],
    );
    return {
      users: rows.map((r) => ({ id: Number(r.user_id), conversation: Number(r.conversation_id) })),
      posts: shape.posts,
    };
  } finally {
    await client.end();
  }
}

/** autocannon through `base` at `rate` requests a second over one connection per user, for `seconds`. */
async function step(
  base: string,
  mix: Mix,
  rate: number,
  { seconds, warmSeconds }: { seconds: number; warmSeconds: number },
): Promise<Step> {
  let nextUser = 0;
  let sent = 0;
  const latencies: number[] = [];
  const measureFrom = performance.now() + warmSeconds * 1000;
  // Each cycle of a connection is one user (autocannon gives every cycle a fresh context).
  const userOf = new WeakMap<object, Mix['users'][number]>();
  const result = await autocannon({
    url: base,
    connections: mix.users.length,
    overallRate: rate,
    duration: warmSeconds + seconds,
    timeout: 30,
    requests: CYCLE.map((kind, i) => ({
      method: kind === 'chat' ? 'POST' : 'GET',
      setupRequest: (req: autocannon.Request, context: object): autocannon.Request => {
        let user = userOf.get(context);
        if (!user) {
          user = mix.users[nextUser++ % mix.users.length];
          if (!user) return req;
          userOf.set(context, user);
        }
        const headers: Record<string, string> = { authorization: `Bearer ${benchToken(user.id)}` };
        if (kind === 'feed')
          return { ...req, headers, path: `/api/posts?order=${i % 4 === 0 ? 'latest' : 'ranked'}` };
        if (kind === 'post')
          return { ...req, headers, path: `/api/posts/${1 + Math.floor(Math.random() * mix.posts)}` };
        sent += 1;
        return {
          ...req,
          headers: { ...headers, 'content-type': 'application/json' },
          path: `/api/chat/conversations/${user.conversation}/messages`,
          body: JSON.stringify({
            content: `Capacity message ${sent}`,
            client_id: `cap-${process.pid}-${Date.now()}-${sent}`,
          }),
        };
      },
    })),
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, took: number) => {
        if (performance.now() < measureFrom) return;
        latencies.push(took);
      });
    },
  });
  return {
    target: rate,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

type SetupResult = {
  nodes: number;
  steps: Step[];
  best: Step | undefined;
  rssPerNode: number[];
  sockets: number;
};

async function measureSetup(
  ctx: BenchContext,
  nodes: number,
  store: { dataDir: string; databaseUrl?: string | undefined },
  mix: Mix,
): Promise<SetupResult> {
  const prefix = `${process.env.REDIS_PREFIX ?? 'makan'}-capacity-${process.pid}-${nodes}`;
  const servers: RunningServer[] = [];
  let lb: LoadBalancer | undefined;
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < nodes; i++) {
      servers.push(
        await startServer(
          { dataDir: scratchDir(`capacity-${nodes}-${i}`), databaseUrl: store.databaseUrl },
          {
            REDIS_URL: process.env.REDIS_URL ?? '',
            REDIS_PREFIX: prefix,
            TRUST_PROXY: '127.0.0.1',
            NODE_NAME: `node-${i + 1}`,
          },
        ),
      );
    }
    lb = await startNginx(servers.map((s) => s.port));
    // Every user has the app open: one socket each, spread by nginx over the nodes.
    for (const user of mix.users) sockets.push(await connect(lb.base, { token: benchToken(user.id) }));
    const seconds = ctx.seconds;
    const warmSeconds = Math.min(2, seconds);
    const steps: Step[] = [];
    let rate = ctx.smoke ? 20 : FIRST_RATE;
    let best: Step | undefined;
    for (let i = 0; i < (ctx.smoke ? 1 : MAX_STEPS); i++) {
      const s = await step(lb.base, mix, rate, { seconds, warmSeconds });
      steps.push(s);
      const held = s.errors === 0 && s.p99 < P99_LIMIT_MS && s.rps >= 0.9 * rate;
      ctx.log(
        `capacity: ${nodes} node(s), ${num(rate)} req/s asked: ${num(s.rps)} done, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, ${s.errors} errors${held ? '' : ' (over)'}`,
      );
      if (!held) break;
      best = s;
      rate = Math.round(rate * STEP_FACTOR);
    }
    const rssPerNode = servers.map((s) => s.memory().rss);
    return { nodes, steps, best, rssPerNode, sockets: sockets.filter((s) => s.connected).length };
  } finally {
    for (const s of sockets) s.close();
    await lb?.stop();
    for (const s of servers) await s.stop();
  }
}

/**
 * Capacity (issue 24): the load test's mix through nginx against one node, then against three on
 * the same machine, in the same run; for each, the highest request rate whose p99 stayed under
 * 500 ms with no errors (rates rising by 40 % a step). PostgreSQL, Redis and nginx only: the
 * three nodes share one database and one Redis, as production does; skipped otherwise.
 */
export const capacityBench: Bench = {
  name: 'capacity',
  describe: 'feed, post page and chat sends through nginx: 1 node vs 3 nodes, the rate at which p99 < 500 ms',
  run: async (ctx: BenchContext) => {
    const missing = [
      ctx.db === 'postgres' ? '' : 'DATABASE_URL',
      process.env.REDIS_URL ? '' : 'REDIS_URL',
      nginxBinary ? '' : 'nginx',
    ].filter(Boolean);
    if (missing.length > 0) {
      ctx.log(`capacity: skipped (needs ${missing.join(', ')})`);
      return [{ bench: 'capacity', case: 'skipped', measured: `needs ${missing.join(', ')}`, values: {} }];
    }
    const { store, shape } = await prepareDataset(ctx);
    if (!store.databaseUrl) throw new Error('capacity: the dataset has no database URL');
    const mix = await mixOf(store.databaseUrl, shape, ctx.smoke ? 20 : USERS);
    const one = await measureSetup(ctx, 1, store, mix);
    const three = await measureSetup(ctx, 3, store, mix);
    const cores = os.cpus().length;
    const rowOf = (r: SetupResult): Row => {
      const best = r.best;
      return {
        bench: 'capacity',
        case: `${r.nodes} node${r.nodes > 1 ? 's' : ''} behind nginx (${mix.users.length} users, ${cores} cores shared)`,
        measured: best
          ? `${num(best.rps)} req/s (${num(best.rps / r.nodes)} a node, ${num(best.rps / cores)} a core), p50 ${ms(best.p50)}, p99 ${ms(best.p99)}`
          : 'no step held',
        baseline: `RSS ${r.rssPerNode.map(mb).join(' / ')}, ${r.sockets} sockets`,
        values: {
          rps: best?.rps ?? 0,
          p50: best?.p50 ?? Number.NaN,
          p99: best?.p99 ?? Number.NaN,
          nodes: r.nodes,
          cores,
          users: mix.users.length,
          sockets: r.sockets,
          rss: r.rssPerNode.join(','),
          steps: JSON.stringify(r.steps.map((s) => [s.target, Math.round(s.rps), s.p50, s.p99, s.errors])),
        },
      };
    };
    const ratio = ratioOf(three.best?.rps ?? 0, one.best?.rps ?? Number.NaN);
    return [
      rowOf(one),
      rowOf(three),
      {
        bench: 'capacity',
        case: '3 nodes ÷ 1 node on the same cores (load balancer and Redis fan-out cost)',
        measured: `${num(three.best?.rps ?? 0)} req/s`,
        baseline: `${num(one.best?.rps ?? 0)} req/s`,
        ratio,
        target: '≥ 0.85',
        met: judge(ctx, ratio >= 0.85),
        values: { ratio },
      },
    ];
  },
};
