import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  processPlace,
  type SignedUpUser,
  serverDir,
  signUpOverHttp,
  testServerEnv,
  until,
} from '../test/server-process.ts';
import { openSocket } from '../test/sockets.ts';
import { scaled } from '../test/time-scale.ts';

/**
 * Issue 16, "comes back by itself": the supervisor (`npm start`, src/supervisor.ts) as a real process,
 * its server killed with SIGKILL under chat and post traffic, and the embedded database's process killed
 * under the running server. Every acknowledged message and post must still be there afterwards, read
 * back through the API. PGlite by default; a PostgreSQL database of its own with DATABASE_URL.
 */

const adminUrl = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const supervisorLine = z.looseObject({
  name: z.literal('supervisor'),
  level: z.number(),
  time: z.number(),
  msg: z.string(),
  child: z.number().optional(),
  code: z.number().nullable().optional(),
  signal: z.string().nullable().optional(),
  cause: z.string().optional(),
  restartInMs: z.number().optional(),
  servedMs: z.number().optional(),
});
type SupervisorLine = z.infer<typeof supervisorLine>;

/** Things the child processes must never be left running by a failed test. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The supervisor from sources, as `npm start` runs its bundle: `node --import tsx src/supervisor.ts`,
 * which runs src/server.ts through tsx (paths.ts). Its own JSON lines are picked out of the output.
 */
async function startSupervisor({ postgres, env = {} }: { postgres: boolean; env?: Record<string, string> }) {
  const { dataDir, databaseUrl, port } = await processPlace(
    'supervisor',
    postgres ? adminUrl : undefined,
    cleanups,
  );
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/supervisor.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      REDIS_URL: '',
      // info: the supervisor says which process it started.
      ...testServerEnv(port, dataDir, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' }),
      // The traffic sends several messages a second for a while: this is not a test of the rate limit.
      LIMIT_MESSAGES_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  const lines: SupervisorLine[] = [];
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
    pending += d.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete) {
      try {
        const parsed = supervisorLine.safeParse(JSON.parse(text));
        if (parsed.success) lines.push(parsed.data);
      } catch {
        // the server's own output, or not JSON
      }
    }
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const servers = () => lines.filter((l) => l.msg === 'server process started').map((l) => l.child ?? 0);
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
    }
    // A supervisor that did not stop its server: neither may outlive the test.
    for (const pid of [child.pid ?? 0, ...servers()]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  });
  return {
    child,
    exited,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    lines,
    output: () => output,
    /** Pids of the server processes it started, in order. */
    servers,
  };
}

const authed = (user: SignedUpUser) => ({ authorization: `Bearer ${user.token}` });

async function openConversation(base: string, from: SignedUpUser, to: SignedUpUser): Promise<number> {
  const res = await fetch(`${base}/api/chat/conversations`, {
    method: 'POST',
    headers: { ...authed(from), 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: to.id }),
  });
  expect(res.status).toBe(201);
  return z.object({ data: z.object({ id: z.number() }) }).parse(await res.json()).data.id;
}

const created = z.object({ data: z.object({ id: z.number() }) });

/**
 * Chat and post traffic until `stop()`: Ana sends messages over HTTP, Badr over the socket (which
 * reconnects by itself), Ana creates posts. Only what the server acknowledged is recorded; a request
 * cut off by a kill, a refusal or a rate limit is only counted.
 */
function traffic(base: string, ana: SignedUpUser, badr: SignedUpUser, conversationId: number) {
  const acked = { messages: new Map<string, number>(), posts: [] as number[], overSocket: 0 };
  const failures = { http: 0, socket: 0, posts: 0 };
  let running = true;
  let n = 0;
  const socket = openSocket(base, badr.token, {
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  const overHttp = async () => {
    while (running) {
      const clientId = randomUUID();
      try {
        const res = await fetch(`${base}/api/chat/conversations/${conversationId}/messages`, {
          method: 'POST',
          headers: { ...authed(ana), 'content-type': 'application/json' },
          body: JSON.stringify({ content: `http ${++n}`, client_id: clientId }),
          signal: AbortSignal.timeout(5_000),
        });
        if (res.status === 201 || res.status === 200) {
          acked.messages.set(clientId, created.parse(await res.json()).data.id);
        } else {
          failures.http += 1;
        }
      } catch {
        failures.http += 1;
      }
      await sleep(150);
    }
  };
  const overSocket = async () => {
    while (running) {
      const clientId = randomUUID();
      if (socket.connected) {
        const ack = await socket
          .timeout(5_000)
          .emitWithAck('send', { conversationId, content: `socket ${++n}`, client_id: clientId })
          .catch(() => undefined);
        if (ack?.ok) {
          acked.messages.set(clientId, ack.message.id);
          acked.overSocket += 1;
        } else {
          failures.socket += 1;
        }
      }
      await sleep(150);
    }
  };
  const posting = async () => {
    while (running) {
      const form = new FormData();
      form.append('description', `Supervised office ${++n}`);
      form.append('property_type', 'office');
      form.append('location', 'Riyadh');
      try {
        const res = await fetch(`${base}/api/posts`, {
          method: 'POST',
          headers: authed(ana),
          body: form,
          signal: AbortSignal.timeout(5_000),
        });
        if (res.status === 201) acked.posts.push(created.parse(await res.json()).data.id);
        else failures.posts += 1;
      } catch {
        failures.posts += 1;
      }
      await sleep(400);
    }
  };
  const loops = [overHttp(), overSocket(), posting()];
  return {
    acked,
    failures,
    /** Acknowledged writes so far (messages and posts). */
    count: () => acked.messages.size + acked.posts.length,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      socket.close();
    },
  };
}

const messagesPage = z.object({
  data: z.object({
    messages: z.array(z.object({ id: z.number(), client_id: z.string().nullable() })),
    pagination: z.object({ has_more: z.boolean() }),
  }),
});

/** Every acknowledged message and post, read back through the API. */
async function expectAllThere(
  base: string,
  ana: SignedUpUser,
  conversationId: number,
  acked: { messages: Map<string, number>; posts: number[] },
) {
  const stored = new Map<string, number>();
  let after = 0;
  for (;;) {
    const res = await fetch(
      `${base}/api/chat/conversations/${conversationId}/messages?after=${after}&per_page=1000`,
      { headers: authed(ana) },
    );
    expect(res.status).toBe(200);
    const page = messagesPage.parse(await res.json()).data;
    for (const m of page.messages) if (m.client_id) stored.set(m.client_id, m.id);
    if (!page.pagination.has_more || page.messages.length === 0) break;
    after = page.messages.at(-1)?.id ?? after;
  }
  const missingMessages = [...acked.messages].filter(([clientId, id]) => stored.get(clientId) !== id);
  expect(missingMessages, 'acknowledged messages missing or changed').toEqual([]);
  const missingPosts: number[] = [];
  for (const id of acked.posts) {
    const res = await fetch(`${base}/api/posts/${id}`, { headers: authed(ana) });
    if (res.status !== 200) missingPosts.push(id);
  }
  expect(missingPosts, 'acknowledged posts missing').toEqual([]);
}

const ready = (base: string) =>
  fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status,
    () => 0,
  );

/** The first start (initdb, migrations, tsx) can take a while on a busy machine. */
const untilReady = (s: { base: string; output: () => string }) =>
  until(
    '/health/ready at the first start',
    async () => ((await ready(s.base)) === 200 ? true : undefined),
    120_000,
  ).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${s.output().slice(-4000)}`);
  });

describe('supervision: the serving process killed under traffic', () => {
  it('is started again by the supervisor, and every acknowledged message and post is still there', {
    timeout: scaled(240_000),
  }, async () => {
    const s = await startSupervisor({ postgres: Boolean(adminUrl) });
    await untilReady(s);
    const first = s.servers()[0];
    if (!first) throw new Error(`the supervisor did not say which process it started\n${s.output()}`);
    const ana = await signUpOverHttp(s.base, s.dataDir, 'Ana Supervised');
    const badr = await signUpOverHttp(s.base, s.dataDir, 'Badr Supervised');
    const conversationId = await openConversation(s.base, ana, badr);

    const load = traffic(s.base, ana, badr, conversationId);
    await until('traffic before the kill', async () => (load.count() >= 30 ? true : undefined));
    const beforeKill = load.count();
    const killedAt = Date.now();
    process.kill(first, 'SIGKILL');

    // Back by itself: a new server process, ready, and acknowledging writes again.
    const second = await until('a new server process', async () => s.servers()[1]);
    await until('/health/ready to answer 200 again', async () =>
      (await ready(s.base)) === 200 ? true : undefined,
    );
    const readyAfterMs = Date.now() - killedAt;
    const afterReady = { all: load.count(), socket: load.acked.overSocket, posts: load.acked.posts.length };
    // Over HTTP, over the socket (which connected again by itself), and posts.
    await until('writes acknowledged after the restart', async () =>
      load.count() >= afterReady.all + 20 &&
      load.acked.overSocket > afterReady.socket &&
      load.acked.posts.length > afterReady.posts
        ? true
        : undefined,
    );
    await load.stop();

    await expectAllThere(s.base, ana, conversationId, load.acked);
    const ended = s.lines.find((l) => l.msg === 'server process ended; starting it again');
    expect(ended, s.output().slice(-3000)).toMatchObject({
      child: first,
      signal: 'SIGKILL',
      restartInMs: 500,
    });
    expect(ended?.cause).toMatch(/SIGKILL/);
    expect(ended?.servedMs, 'it had served (its message came)').toBeGreaterThan(0);
    expect(second).not.toBe(first);
    expect(s.child.exitCode, 'the supervisor itself kept running').toBeNull();
    console.log(
      `supervisor, server SIGKILLed under traffic (${adminUrl ? 'PostgreSQL' : 'PGlite'}): ${JSON.stringify({
        readyAfterMs,
        ackedBeforeKill: beforeKill,
        messages: load.acked.messages.size,
        posts: load.acked.posts.length,
        failed: load.failures,
      })}`,
    );

    // A server stopped on its own with SIGTERM (not through the supervisor) exits 0: started again too.
    process.kill(second, 'SIGTERM');
    const third = await until('the server stopped alone to be started again', async () => s.servers()[2]);
    const cleanExit = s.lines.filter((l) => l.msg === 'server process ended; starting it again')[1];
    expect(cleanExit).toMatchObject({ child: second, code: 0, signal: null });
    await until('/health/ready after the clean exit', async () =>
      (await ready(s.base)) === 200 ? true : undefined,
    );

    // SIGTERM to the supervisor: passed on, the server drains and exits 0, and so does the supervisor.
    s.child.kill('SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(alive(third), 'the server stopped with its supervisor').toBe(false);
    expect(s.lines.at(-1)).toMatchObject({ msg: 'server process stopped', child: third, code: 0 });
  });
});

describe('supervision: a server that keeps dying at start', () => {
  it('is started again after waits that double, and a SIGTERM during a wait stops the supervisor', {
    // Five boots that fail, each a few seconds on a busy machine (CI runs the browser journeys beside
    // this), plus 15.5 s of waits between them.
    timeout: scaled(300_000),
  }, async () => {
    // A setting the server refuses: it exits 1 at boot, every time.
    const s = await startSupervisor({ postgres: false, env: { SCRYPT_COST: 'many' } });
    const deaths = () => s.lines.filter((l) => l.msg === 'server process ended; starting it again');
    await until('five deaths', async () => (deaths().length >= 5 ? true : undefined), 240_000);
    expect(deaths().map((l) => [l.code, l.restartInMs])).toEqual(
      [500, 1000, 2000, 4000, 8000].map((ms) => [1, ms]),
    );
    // None had served, however long its start-up took: the waits double whatever the machine's load.
    expect(deaths().map((l) => l.servedMs)).toEqual([0, 0, 0, 0, 0]);
    expect(s.output()).toMatch(/SCRYPT_COST/);
    // Each start came after the wait announced before it (times from the lines themselves).
    const starts = s.lines.filter((l) => l.msg === 'server process started');
    for (const [i, death] of deaths().slice(0, 4).entries()) {
      const next = starts[i + 1];
      expect(next, `start after death ${i + 1}`).toBeDefined();
      expect((next?.time ?? 0) - death.time).toBeGreaterThanOrEqual((death.restartInMs ?? 0) - 5);
    }
    // Now waiting 8 s: SIGTERM ends the supervisor at once, and nothing is started again.
    const startsBefore = starts.length;
    s.child.kill('SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(s.servers()).toHaveLength(startsBefore);
  });
});

describe.skipIf(Boolean(adminUrl))('supervision: the embedded database process killed under traffic', () => {
  it('is started again by the server, which answers again without a restart, with everything acknowledged', {
    timeout: scaled(180_000),
  }, async () => {
    const s = await startSupervisor({ postgres: false });
    await untilReady(s);
    const server = s.servers()[0] ?? 0;
    const ana = await signUpOverHttp(s.base, s.dataDir, 'Ana Embedded');
    const badr = await signUpOverHttp(s.base, s.dataDir, 'Badr Embedded');
    const conversationId = await openConversation(s.base, ana, badr);
    const pidFile = path.join(s.dataDir, 'db', 'host.pid');
    const database = Number(readFileSync(pidFile, 'utf8'));

    const load = traffic(s.base, ana, badr, conversationId);
    await until('traffic before the kill', async () => (load.count() >= 30 ? true : undefined));
    const killedAt = Date.now();
    process.kill(database, 'SIGKILL');
    await until('a new database process', async () =>
      Number(readFileSync(pidFile, 'utf8')) !== database ? true : undefined,
    );
    await until('/health/ready to answer 200 again', async () =>
      (await ready(s.base)) === 200 ? true : undefined,
    );
    const readyAfterMs = Date.now() - killedAt;
    const afterReady = load.count();
    await until('writes acknowledged after the restart', async () =>
      load.count() >= afterReady + 20 ? true : undefined,
    );
    await load.stop();

    await expectAllThere(s.base, ana, conversationId, load.acked);
    const failed = load.failures.http + load.failures.socket + load.failures.posts;
    expect(failed, 'the kill was felt').toBeGreaterThan(0);
    expect(s.servers(), 'the same server process all along').toEqual([server]);
    expect(s.output()).toMatch(/the embedded database's process ended; starting it again/);
    console.log(
      `embedded database SIGKILLed under traffic: ${JSON.stringify({
        readyAfterMs,
        messages: load.acked.messages.size,
        posts: load.acked.posts.length,
        failed: load.failures,
      })}`,
    );
  });
});
