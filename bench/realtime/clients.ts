import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type Ack, SOCKET_PATH } from '@makan/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { announcedPort } from '../lib/process.ts';
import { benchDir } from '../lib/report.ts';

const here = path.join(benchDir, 'realtime');
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/** A websocket-only Socket.IO client, as the web app opens it (no reconnection: a failure is a failure). */
export function connect(url: string, auth: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { path: SOCKET_PATH, transports: ['websocket'], auth, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
    // Closed before it got in (the server's sign-in time ran out, say): a failure, not a wait without end.
    socket.io.once('close', (reason) =>
      setImmediate(() => reject(new Error(`the connection closed before the socket got in (${reason})`))),
    );
  });
}

/** Emits and waits for the acknowledgement; a refusal by the product throws. */
export async function request(socket: Socket, event: string, payload: unknown): Promise<void> {
  const ack = (await socket.timeout(10_000).emitWithAck(event, payload)) as Ack | undefined;
  if (ack && ack.ok === false) throw new Error(`${event} refused: ${ack.status} ${ack.message}`);
}

/** Signs in and answers the token and the user's id. */
export async function account(url: string, email: string, password = 'Demo1234') {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password }),
  });
  const text = await res.text();
  let body: { data?: { token?: string; user?: { id?: number } } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {}
  const token = body.data?.token;
  const id = body.data?.user?.id;
  if (!res.ok || !token || !id)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${text.slice(0, 500)}`);
  return { token, id };
}

function spawnChild(script: string, ipc: boolean): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], {
    cwd: benchDir,
    stdio: ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

/** Starts the raw Socket.IO echo server (bench/realtime/echo-server.ts) in its own process. */
export async function startEchoServer(): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child = spawnChild('echo-server.ts', false);
  const port = await announcedPort(child, 'echo server');
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/**
 * Opens `count` idle authenticated sockets to `url` from `processes` child processes (tokens used in
 * turn) and answers how many connected; `stop` closes them all.
 */
export async function openIdleSockets(
  url: string,
  { count, tokens, processes }: { count: number; tokens: string[]; processes: number },
) {
  const kids = Array.from({ length: processes }, () => spawnChild('idle-clients.ts', true));
  const results = await Promise.all(
    kids.map(
      (child, i) =>
        new Promise<{ connected: number; failed: number }>((resolve, reject) => {
          child.once('message', (m) => resolve(m as { connected: number; failed: number }));
          child.once('exit', (code) => reject(new Error(`idle client process exited with ${code}`)));
          const share = Math.floor(count / processes) + (i < count % processes ? 1 : 0);
          child.send({ url, count: share, tokens, inFlight: 50, localAddress: `127.0.0.${2 + (i % 250)}` });
        }),
    ),
  );
  return {
    connected: results.reduce((s, r) => s + r.connected, 0),
    failed: results.reduce((s, r) => s + r.failed, 0),
    stop: async () => {
      await Promise.all(kids.map(stopChild));
    },
  };
}

/** Resolves with the first event `name` on `socket` that `match` accepts. */
export function nextEvent<T>(
  socket: Socket,
  name: string,
  match: (payload: T) => boolean,
  timeoutMs = 10_000,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name, on);
      reject(new Error(`no ${name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(name, on);
      resolve(payload);
    };
    socket.on(name, on);
  });
}
