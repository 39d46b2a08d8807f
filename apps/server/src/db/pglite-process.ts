import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { entryPoint } from '../paths.ts';

const CHILD = entryPoint('db/pglite-child');
/** node-postgres finds a server's socket as `<dir>/.s.PGSQL.<port>`. */
const PORT = 5432;

export type PgliteProcess = {
  /** Where node-postgres connects: `host` is the socket's folder. */
  connection: { host: string; port: number; user: string; database: string };
  /** Closes the database cleanly and waits for its process to end. */
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
 * on its own, `onExit` says so (queries then fail as with a PostgreSQL server that went away).
 */
export async function startPgliteProcess(
  dataDir: string,
  onExit: (code: number | null) => void = () => {},
): Promise<PgliteProcess> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createFolder(dataDir);
  const socketDir = mkdtempSync(path.join(tmpdir(), 'makan-db-'));
  const child: ChildProcess = fork(CHILD.file, [], {
    env: { ...process.env, MAKAN_DB_DIR: dataDir, MAKAN_DB_SOCKET: path.join(socketDir, `.s.PGSQL.${PORT}`) },
    execArgv: CHILD.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) =>
      message === 'ready' ? resolve() : reject(new Error(String(message))),
    );
    void exited.then((code) =>
      reject(new Error(`the embedded database exited during start-up (code ${code})`)),
    );
  });
  // A server that forgot to stop it can still exit; its database then closes on the channel's end.
  child.unref();
  child.channel?.unref();
  void exited.then((code) => {
    rmSync(socketDir, { recursive: true, force: true });
    if (!stopping) onExit(code);
  });
  return {
    connection: { host: socketDir, port: PORT, user: 'postgres', database: 'postgres' },
    stop: async () => {
      stopping = true;
      child.ref(); // wait for it, even with nothing else left to do
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
