import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { z } from 'zod';
import { testDatabaseName } from './database-name.ts';
import { scaled } from './time-scale.ts';

/** apps/server: where `node --import tsx src/server.ts` runs from. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ServerProcess = ReturnType<typeof startServer>;

/** Children still running; killed if the test process exits first (a timeout, a crash), so none is left behind. */
const running = new Set<ChildProcess>();
let reaperInstalled = false;

/**
 * Starts the real server as its own process (one PID: `node --import tsx src/server.ts`), with
 * PGlite unless `env.DATABASE_URL` says otherwise. Output is kept for assertions and failure messages.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  if (!reaperInstalled) {
    reaperInstalled = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * The environment of a test server process: its own port and data folder on 127.0.0.1, no demo data,
 * cheap password hashes, warnings only; `extra` adds or overrides (DATABASE_URL, REDIS_URL…).
 */
export function testServerEnv(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'none',
    SCRYPT_COST: '1024',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Asks `probe` every 100 ms until it answers something (a throw counts as not yet); fails naming
 * `what` after `timeoutMs` (stretched by TEST_TIME_SCALE, as every wait of a test).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Waits until /health/ready answers 200, the child exits, or `timeoutMs` (stretched by TEST_TIME_SCALE)
 * passes. A first start on a new data folder runs initdb, which takes 5 s on an idle machine and well
 * over 30 s on a loaded one: 84 s at nice 10 beside two busy cores. A child that did not become ready
 * is killed, so nothing is left writing into a data folder the test's cleanup removes.
 */
export async function waitReady(port: number, server: ServerProcess, timeoutMs = 90_000) {
  const { child } = server;
  const deadline = Date.now() + scaled(timeoutMs);
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stopServer(server);
  throw new Error(`server on port ${port} did not become ready\n${server.output().slice(-4000)}`);
}

/** Kills a process (SIGKILL unless told) and waits for it to be gone; no-op if it already exited. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * What one server process of a test needs of its own: a data folder, a free port and, when `adminUrl`
 * is given, a new PostgreSQL database (empty string: PGlite). `cleanups` gets what removes them.
 */
export async function processPlace(
  name: string,
  adminUrl: string | undefined,
  cleanups: (() => Promise<void> | void)[],
): Promise<{ dataDir: string; databaseUrl: string; port: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `makan-${name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (adminUrl) {
    const database = await createPostgresDatabase(adminUrl);
    databaseUrl = database.url;
    cleanups.push(database.drop);
  }
  return { dataDir, databaseUrl, port: await freePort() };
}

/**
 * A new, empty PostgreSQL database next to the one `adminUrl` names (the server migrates it when
 * it starts), named under MAKAN_TEST_DB_PREFIX; `drop` removes it, closing whatever connections are left.
 */
export async function createPostgresDatabase(adminUrl: string) {
  const name = testDatabaseName('process');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

const outboxRecord = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  text: z.string(),
  at: z.string(),
});

/**
 * The newest 4-digit code the server wrote to DATA_DIR/outbox for this address (no SMTP configured).
 * Several data folders: the processes behind a load balancer, any of which may have sent it.
 */
export async function codeFromOutbox(
  dataDir: string | readonly string[],
  to: string,
  timeoutMs = 10_000,
): Promise<string> {
  const dirs = (typeof dataDir === 'string' ? [dataDir] : dataDir).map((d) => path.join(d, 'outbox'));
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const files = dirs.flatMap((dir) => {
      try {
        return readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => path.join(dir, f));
      } catch {
        return []; // no outbox yet
      }
    });
    const code = files
      .map((f) => outboxRecord.parse(JSON.parse(readFileSync(f, 'utf8')))) // whole: written by rename
      .filter((r) => r.to === to)
      .sort((a, b) => a.at.localeCompare(b.at))
      .at(-1)
      ?.text.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code for ${to} in ${dirs.join(', ')}`);
    await sleep(50);
  }
}

let seq = 0;

/**
 * Registers, verifies (with the code from the outbox of the process that sent it) and logs in a
 * new user over a real port, as a browser would. `dataDir` is that process's DATA_DIR (behind a
 * load balancer: every process's).
 */
export async function signUpOverHttp(baseUrl: string, dataDir: string | readonly string[], name: string) {
  seq += 1;
  const stamp = `${randomBytes(3).readUIntBE(0, 3) % 10_000_000}`.padStart(7, '0');
  const person = {
    name,
    email: `proc${stamp}.${seq}@example.com`,
    phone: `+96655${stamp}`,
    password: 'Secret123',
    password_confirmation: 'Secret123',
    user_type: 'retail',
  };
  const post = async (url: string, body: object, expected: number) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${url}: ${res.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
  await post('/api/auth/register', person, 201);
  const code = await codeFromOutbox(dataDir, person.email);
  await post('/api/auth/verify-otp', { identifier: person.email, code }, 200);
  const login = z
    .object({ data: z.object({ token: z.string(), user: z.object({ id: z.number() }) }) })
    .parse(await post('/api/auth/login', { identifier: person.email, password: person.password }, 200));
  return { id: login.data.user.id, token: login.data.token, name, email: person.email };
}
export type SignedUpUser = Awaited<ReturnType<typeof signUpOverHttp>>;

/**
 * A server process on PostgreSQL that a test may kill and boot again on the same database and data
 * folder (the notification queue's kill tests): `boot` starts one and waits until it is ready, `db`
 * reads the database meanwhile, `count` answers a `select count(*) as n …`.
 */
export async function killableServer(
  name: string,
  adminUrl: string | undefined,
  cleanups: (() => Promise<void> | void)[],
  env: Record<string, string>,
) {
  const { dataDir, databaseUrl, port } = await processPlace(name, adminUrl, cleanups);
  const serverEnv = testServerEnv(port, dataDir, {
    DATABASE_URL: databaseUrl,
    NOTIFICATIONS_EVERY_SECONDS: '1',
    // The killed process's claim lapses soon, so the new one resumes without a minute's wait.
    NOTIFICATIONS_LEASE_SECONDS: '3',
    ...env,
  });
  const boot = async () => {
    const server = startServer(serverEnv);
    cleanups.push(() => stopServer(server));
    await waitReady(port, server);
    return server;
  };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  const count = async (query: string, values: unknown[] = []) =>
    Number((await db.query<{ n: string }>(query, values)).rows[0]?.n);
  return { base: `http://127.0.0.1:${port}`, dataDir, boot, db, count };
}
