import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { restartDelays } from '../lib/restart-delay.ts';
import { entryPoint } from '../paths.ts';

const CHILD = entryPoint('db/pglite-child');
/** node-postgres finds a server's socket as `<dir>/.s.PGSQL.<port>`. */
const PORT = 5432;

/** Where the host's events go: the server's logger (pino's `(fields, msg)` form), or stderr. */
export type ProcessLog = {
  info: (fields: object, msg: string) => void;
  error: (fields: object, msg: string) => void;
};

/** Without the server's logger: one JSON line on stderr per event, shaped like pino's. */
export const stderrLog: ProcessLog = {
  info: (fields, msg) => writeLine(30, fields, msg),
  error: (fields, msg) => writeLine(50, fields, msg),
};
function writeLine(level: number, fields: object, msg: string) {
  const line = { level, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

export type PgliteProcess = {
  /** Where node-postgres connects: `host` is the socket's folder, the same across restarts. */
  connection: { host: string; port: number; user: string; database: string };
  /** The process serving now; undefined while it is being started again. */
  pid: () => number | undefined;
  /** Closes the database cleanly and waits for its process to end; no restart after this. */
  stop: () => Promise<void>;
};

/** Creates a new database folder in a process of its own, which exits with initdb's memory. */
async function createFolder(dataDir: string): Promise<void> {
  const child = fork(CHILD.file, [], {
    env: { ...process.env, MAKAN_DB_DIR: dataDir, MAKAN_DB_INIT_ONLY: '1' },
    execArgv: CHILD.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`creating the embedded database failed (code ${code})`);
}

/**
 * Starts the embedded database in a process of its own (see pglite-host.ts for why), on a Unix socket
 * in a private temporary folder, and resolves once it accepts connections. If that process ever ends
 * on its own (a crash, out of memory, SIGKILL), it is started again on the same folder and socket, after
 * a wait that grows while it keeps dying (lib/restart-delay.ts): meanwhile queries fail as with a
 * PostgreSQL server that went away, and the server's pool connects again once it is back. PGlite keeps
 * every committed row across a SIGKILL (measured: docs/decisions/006, stack notes).
 */
export async function startPgliteProcess(
  dataDir: string,
  { log = stderrLog }: { log?: ProcessLog } = {},
): Promise<PgliteProcess> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createFolder(dataDir);
  const socketDir = mkdtempSync(path.join(tmpdir(), 'makan-db-'));
  const socketPath = path.join(socketDir, `.s.PGSQL.${PORT}`);
  const delays = restartDelays();
  let current: ChildProcess | undefined;
  let stopping = false;
  let starting: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;

  /** Forks the host and resolves once it serves; rejects if it ends first. */
  const launch = async () => {
    const child = fork(CHILD.file, [], {
      env: { ...process.env, MAKAN_DB_DIR: dataDir, MAKAN_DB_SOCKET: socketPath },
      execArgv: CHILD.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const startedAt = Date.now();
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await new Promise<void>((resolve, reject) => {
      child.once('message', (message) =>
        message === 'ready' ? resolve() : reject(new Error(String(message))),
      );
      void exited.then(({ code, signal }) =>
        reject(new Error(`the embedded database exited during start-up (code ${code}, signal ${signal})`)),
      );
    });
    current = child;
    const servingAt = Date.now();
    // A server that forgot to stop it can still exit; its database then closes on the channel's end.
    child.unref();
    child.channel?.unref();
    void exited.then(({ code, signal }) => {
      if (current === child) current = undefined;
      if (stopping) return;
      rmSync(socketPath, { force: true }); // its socket is left behind by a kill
      // Its life as a server counts, not its start-up (restart-delay.ts).
      const restartInMs = delays.next(Date.now() - servingAt);
      log.error(
        { dbPid: child.pid, code, signal, uptimeMs: Date.now() - startedAt, restartInMs },
        "the embedded database's process ended; starting it again",
      );
      restartLater(restartInMs);
    });
  };

  const restartLater = (ms: number) => {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      starting = launch()
        .then(
          () => log.info({ dbPid: current?.pid }, "the embedded database's process serves again"),
          (err: unknown) => {
            if (stopping) return;
            const restartInMs = delays.next(0);
            log.error({ err, restartInMs }, "the embedded database's process did not start; trying again");
            restartLater(restartInMs);
          },
        )
        .finally(() => {
          starting = undefined;
        });
    }, ms);
    // Waiting to restart keeps no process alive that would otherwise end.
    restartTimer.unref();
  };

  try {
    await launch();
  } catch (err) {
    rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }
  return {
    connection: { host: socketDir, port: PORT, user: 'postgres', database: 'postgres' },
    pid: () => current?.pid,
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await starting; // a restart under way ends first (serving, or failed)
      const child = current;
      if (child && child.exitCode === null && child.signalCode === null) {
        child.ref(); // wait for it, even with nothing else left to do
        const gone = new Promise((resolve) => child.once('exit', resolve));
        if (child.connected) child.disconnect();
        await gone;
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
