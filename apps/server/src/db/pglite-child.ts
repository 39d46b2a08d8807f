import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPglite } from './pglite.ts';
import { servePglite } from './pglite-host.ts';

/**
 * The embedded database's process (forked by pglite-process.ts): opens PGlite on MAKAN_DB_DIR, serves
 * it on MAKAN_DB_SOCKET, says 'ready', and closes the database cleanly when the server that forked it
 * goes away, however it went (exit, crash or SIGKILL all close the IPC channel). Signals are the
 * server's to act on: a Ctrl-C reaches both processes, and the server still needs its database while
 * it drains.
 */
const dataDir = process.env.MAKAN_DB_DIR ?? '';
const socketPath = process.env.MAKAN_DB_SOCKET ?? '';
const pidFile = path.join(dataDir, 'host.pid');

/** Whether `pid` is alive and is an embedded database's process (not another that took its number). */
function isHost(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false; // no such process: it left the file behind
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pglite-child');
  } catch {
    return true; // no /proc here: alive is all we can tell
  }
}

const WAIT_LOG_MS = 10_000;
const WAIT_MAX_MS = 10 * 60_000;

/**
 * A restarted server must not open the folder while the previous host is still closing it: two
 * processes on one folder lose data (a busy machine was seen to take over 30 s to close, and a
 * second server then read a database without the rows the first had stored). So it waits for as
 * long as that process lives, saying so every 10 s, and gives up without opening after 10 minutes.
 */
async function waitForPreviousHost() {
  const began = Date.now();
  let said = began;
  for (;;) {
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isHost(pid)) return;
    const waited = Date.now() - began;
    if (waited > WAIT_MAX_MS) {
      throw new Error(`the embedded database's previous process (pid ${pid}) still holds ${dataDir}`);
    }
    if (Date.now() - said >= WAIT_LOG_MS) {
      said = Date.now();
      console.error(
        `embedded database: waiting for the previous process (pid ${pid}) to close ${dataDir} (${Math.round(waited / 1000)} s)`,
      );
    }
    await sleep(100);
  }
}

let close: (() => Promise<void>) | undefined;
let parentGone = false;
process.once('disconnect', () => {
  parentGone = true;
  if (close) void close(); // else main() closes once the database is open
});

async function main() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
  await waitForPreviousHost();
  if (process.env.MAKAN_DB_INIT_ONLY === '1') {
    // Creating the folder (initdb) grows PGlite's WebAssembly memory to ~800 MB, which the instance keeps
    // for its life: this process only creates it and exits; the serving one opens it at ~230 MB.
    await (await createPglite({ dataDir })).close();
    process.exit(0);
  }
  const db = await createPglite({ dataDir });
  writeFileSync(pidFile, String(process.pid));
  const server = await servePglite(db, socketPath);
  let closing = false;
  close = async () => {
    if (closing) return;
    closing = true;
    server.close();
    await db.close().catch((err: unknown) => console.error('embedded database: close failed', err));
    // The socket's folder is this process's own (a private temporary one): it goes too.
    rmSync(path.dirname(socketPath), { recursive: true, force: true });
    rmSync(pidFile, { force: true });
    process.exit(0);
  };
  if (parentGone) return close();
  process.send?.('ready');
}

main().catch((err: unknown) => {
  console.error('embedded database: could not start', err);
  process.exit(1);
});
