import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildUnlessCurrent } from './build.ts';
import { childProcess, processMemory } from './process.ts';
import { benchDir } from './report.ts';

export const repoDir = path.resolve(benchDir, '..');
export const serverDir = path.join(repoDir, 'apps/server');
/** Scratch space of the benchmarks (databases, uploads); ignored by git. */
export const workDir = path.join(benchDir, '.work');
/**
 * This run's own part of it, removed when the run ends: two runs at once (CI runs the PGlite and the
 * PostgreSQL benchmarks side by side) must never share a store. They once did: the PostgreSQL run's
 * fresh 'realtime' store deleted the folder the PGlite run's server was using, and the next server on
 * it found an empty database (sign-in refused).
 */
const runDir = path.join(workDir, `run-${process.pid}`);
/** A folder of this run only (see runDir), removed when the run ends. */
export const scratchDir = (name: string) => path.join(runDir, name);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where a server keeps its data: a DATA_DIR always, and a PostgreSQL database when `databaseUrl` is set. */
export type Store = { dataDir: string; databaseUrl?: string | undefined };

export type RunningServer = {
  url: string;
  port: number;
  pid: number;
  memory: () => { rss: number; peak: number };
  /** The embedded database's own process (PGlite without DATABASE_URL), when there is one. */
  databasePid: () => number | undefined;
  output: () => string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process is gone. */
  stop: () => Promise<void>;
};

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(runDir, { recursive: true, force: true });
});

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

let serverBuilt = false;

/**
 * Bundles the server once per benchmark run, so every start runs today's code (unless dist/ already
 * holds it, as after CI's `npm test`).
 */
function buildServer(): void {
  if (serverBuilt) return;
  buildUnlessCurrent(
    path.join(serverDir, 'dist/server.js'),
    [
      path.join(serverDir, 'src'),
      path.join(serverDir, 'scripts'),
      path.join(repoDir, 'packages/contract/src'),
    ],
    () => execFileSync('npm', ['run', 'build', '-w', '@makan/server'], { cwd: repoDir, stdio: 'pipe' }),
  );
  serverBuilt = true;
}

/**
 * Starts the real server (`node dist/server.js`, as `npm start` does) on a free port and waits until
 * /health/ready answers. NODE_ENV=production, warnings only in the log.
 */
export async function startServer(
  store: Store,
  env: Record<string, string> = {},
  { nodeArgs: extraNodeArgs = [] }: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  buildServer();
  const port = await freePort();
  mkdirSync(store.dataDir, { recursive: true });
  // BENCH_SERVER_NODE_ARGS: options for the server's node, to profile it (bench/README.md).
  const nodeArgs = [
    ...(process.env.BENCH_SERVER_NODE_ARGS?.trim().split(/\s+/).filter(Boolean) ?? []),
    ...extraNodeArgs,
  ];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      REDIS_URL: '',
      SEED: 'none',
      INIT_CWD: '',
      // The benchmarks open 10,000 sockets from one address and send messages as fast as they can:
      // far past the flood limits a deployment keeps for people.
      SOCKETS_PER_ADDRESS: '1000000',
      SOCKETS_PER_USER: '1000000',
      LIMIT_MESSAGES_PER_MINUTE: '100000000',
      LIMIT_COMMENTS_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited while starting:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready in 180 s:\n${output}`);
    }
    const ok = await fetch(`${url}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  const pid = child.pid ?? 0;
  return {
    url,
    port,
    pid,
    memory: () => processMemory(pid),
    databasePid: () => childProcess(pid, 'pglite-child'),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => {
          // Said, because what the next server on this store finds depends on it (its database's
          // process then closes the folder on its own, and the next one waits for that).
          process.stderr.write(
            `bench: the server (pid ${child.pid}) did not stop within 10 s of SIGTERM: killed\n`,
          );
          child.kill('SIGKILL');
        }, 10_000);
        await exited;
        clearTimeout(force);
      }
    },
  };
}

/** A PostgreSQL database URL next to `adminUrl`, named `name`. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A bench database's name: `MAKAN_BENCH_DB_PREFIX` (default `makan_bench_`) and the suffix. CI sets a prefix
 * of its own per run, so two runs sharing one PostgreSQL server never drop each other's databases.
 */
export function benchDatabaseName(suffix: string): string {
  const prefix = process.env.MAKAN_BENCH_DB_PREFIX || 'makan_bench_';
  const name = `${prefix}${suffix.replaceAll('-', '_')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name.length > 63) throw new Error(`not a database name: ${name}`);
  return name;
}

/** Drops (closing its connections) and creates an empty PostgreSQL database. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  return databaseUrlFor(adminUrl, name);
}

/**
 * A fresh store with the demo seed (a handful of verified accounts, posts, chats), for the benchmarks that
 * need a few signed-in users rather than a large dataset.
 */
export async function freshDemoStore(name: string, adminUrl: string | undefined): Promise<Store> {
  const dataDir = scratchDir(name);
  rmSync(dataDir, { recursive: true, force: true });
  if (!adminUrl) return { dataDir };
  return {
    dataDir,
    databaseUrl: await recreateDatabase(adminUrl, benchDatabaseName(name)),
  };
}

export const DEMO_PASSWORD = 'Demo1234';

/** Signs in through the API and returns the bearer token. */
export async function signIn(url: string, identifier: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  const token = body.data?.token;
  if (!res.ok || !token)
    throw new Error(`sign-in of ${identifier} failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}
