import { type ChildProcess, spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { restartDelays } from './lib/restart-delay.ts';
import { entryPoint } from './paths.ts';

/**
 * What `npm start` runs (docs/decisions/009): the server in a process of its own, started again whenever
 * it ends without being asked to (a crash, an exit code, out of memory, SIGKILL), after a wait that
 * grows while it keeps dying (lib/restart-delay.ts). SIGTERM and SIGINT are passed on to it, and the
 * supervisor ends with it. A server that exits 0 without having been asked is started again too: it
 * exits 0 only after a signal, and a signal sent to it alone (not to the supervisor) is not a request to
 * take the product down; stop the supervisor for that.
 *
 * Deliberately tiny, and imports nothing of the app: it must outlive whatever kills the server, and its
 * memory is spent beside the server's. It writes one JSON line per event, shaped like the server's pino
 * lines (`name: "supervisor"`), filtered by the same LOG_LEVEL; besides it, it reads SHUTDOWN_TIMEOUT_SECONDS.
 */

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const threshold = process.env.LOG_LEVEL === 'silent' ? Infinity : (LEVELS[process.env.LOG_LEVEL ?? ''] ?? 30);
const host = hostname();

function log(level: number, fields: Record<string, unknown>, msg: string) {
  if (level < threshold) return;
  const line = {
    level,
    time: Date.now(),
    pid: process.pid,
    hostname: host,
    name: 'supervisor',
    ...fields,
    msg,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** What an exit says, in words an operator can act on. */
function cause(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal === 'SIGKILL') return 'killed by SIGKILL (kill -9, or the kernel out of memory)';
  if (signal === 'SIGABRT') return 'aborted (SIGABRT: a fatal error such as JavaScript heap out of memory)';
  if (signal) return `killed by ${signal}`;
  return code === 0 ? 'exited with code 0 without being asked to' : `exited with code ${code}`;
}

/** After a forwarded signal, the server has SHUTDOWN_TIMEOUT_SECONDS (10) to drain (server.ts); 5 s more is the backstop. */
const STOP_BACKSTOP_MS = (Number(process.env.SHUTDOWN_TIMEOUT_SECONDS) || 10) * 1000 + 5_000;

const server = entryPoint('server');
const delays = restartDelays();
let child: ChildProcess | undefined;
let restartTimer: NodeJS.Timeout | undefined;
let stopping: NodeJS.Signals | undefined;
let starts = 0;

function start() {
  restartTimer = undefined;
  starts += 1;
  const startedAt = Date.now();
  // The IPC channel carries one message: 'serving', once the server listens (server.ts).
  const current = spawn(process.execPath, [...server.execArgv, server.file], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  child = current;
  // A life counts from the moment it served: a server that dies before listening died at start-up,
  // however long a busy machine took to get it there, and its next wait doubles.
  let servingAt: number | undefined;
  current.on('message', (message) => {
    if (message === 'serving') servingAt ??= Date.now();
  });
  if (current.pid !== undefined) {
    log(starts === 1 ? 30 : 40, { child: current.pid, starts }, 'server process started');
  }
  let ended = false;
  const onEnd = (code: number | null, signal: NodeJS.Signals | null) => {
    if (ended) return;
    ended = true;
    child = undefined;
    const now = Date.now();
    const fields = {
      child: current.pid,
      code,
      signal,
      uptimeMs: now - startedAt,
      servedMs: servingAt === undefined ? 0 : now - servingAt,
    };
    if (stopping) {
      log(30, fields, 'server process stopped');
      // Killed by the very signal we passed on (before it had its handlers, during start-up) is a stop too.
      process.exit(code ?? (signal === stopping ? 0 : 1));
    }
    const wait = delays.next(fields.servedMs);
    log(
      50,
      { ...fields, cause: cause(code, signal), restartInMs: wait },
      'server process ended; starting it again',
    );
    restartTimer = setTimeout(start, wait);
  };
  current.once('exit', onEnd);
  // Spawning itself failed (no 'exit' follows): as if it had died at once.
  current.once('error', (err) => {
    if (current.pid === undefined) {
      log(50, { err: { message: err.message } }, 'could not start the server process');
      onEnd(1, null);
    }
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (!stopping) log(30, { signal }, 'stopping: passing the signal on to the server');
    stopping ??= signal;
    if (restartTimer) clearTimeout(restartTimer);
    const current = child;
    if (!current) process.exit(0);
    current.kill(signal);
    setTimeout(() => {
      log(
        50,
        { child: current.pid },
        `server still running ${STOP_BACKSTOP_MS / 1000} s after ${signal}; killing it`,
      );
      current.kill('SIGKILL');
    }, STOP_BACKSTOP_MS).unref();
  });
}

start();
