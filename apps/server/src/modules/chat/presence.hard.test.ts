import type { Presence } from '@makan/contract/chat';
import { afterAll, describe, expect, it } from 'vitest';
import {
  processPlace,
  type ServerProcess,
  type SignedUpUser,
  signUpOverHttp,
  startServer,
  stopServer,
  testServerEnv,
  waitReady,
} from '../../test/server-process.ts';
import { openSocket, whenConnected } from '../../test/sockets.ts';
import { scaled } from '../../test/time-scale.ts';

/**
 * Presence when a process dies without closing its sockets (issue 19): no 'disconnect' ever runs
 * there, so only the heartbeat can have stored when its users were last seen.
 */

const HEARTBEAT_SECONDS = 1;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('presence after a SIGKILL', () => {
  it("leaves the user's last seen at most one heartbeat before the kill, and offline after the restart", {
    timeout: scaled(240_000),
  }, async () => {
    const { dataDir, databaseUrl, port } = await processPlace('presence', process.env.DATABASE_URL, cleanups);
    const env = testServerEnv(port, dataDir, {
      DATABASE_URL: databaseUrl,
      PRESENCE_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
    });
    const base = `http://127.0.0.1:${port}`;
    const boot = async (): Promise<ServerProcess> => {
      const server = startServer(env);
      cleanups.push(() => stopServer(server));
      await waitReady(port, server);
      return server;
    };
    const call = async (user: SignedUpUser, method: string, url: string, body?: object) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    };
    const presenceOf = async (viewer: SignedUpUser, userId: number) =>
      (
        (await call(viewer, 'GET', `/api/chat/presence?user_ids=${userId}`)).body.data as {
          presence: Presence[];
        }
      ).presence;

    const server = await boot();
    const ana = await signUpOverHttp(base, dataDir, 'Ana Watching');
    const badr = await signUpOverHttp(base, dataDir, 'Badr Online');
    expect((await call(ana, 'POST', '/api/chat/conversations', { user_id: badr.id })).status).toBe(201);

    const socket = openSocket(base, badr.token);
    cleanups.push(() => {
      socket.disconnect();
    });
    await whenConnected(socket);
    expect(await presenceOf(ana, badr.id)).toEqual([{ user_id: badr.id, online: true, last_seen_at: null }]);

    // A few heartbeats, then the process is killed: Badr's socket is never closed by it.
    await new Promise((r) => setTimeout(r, 3 * HEARTBEAT_SECONDS * 1000));
    const killedAt = Date.now();
    await stopServer(server, 'SIGKILL');
    socket.disconnect();

    await boot();
    const [seen] = await presenceOf(ana, badr.id);
    expect(seen?.online).toBe(false);
    const lastSeen = Date.parse(seen?.last_seen_at ?? '');
    // At most one heartbeat (and a scheduling slip on a busy machine) before the kill.
    expect(lastSeen).toBeLessThanOrEqual(killedAt);
    expect(killedAt - lastSeen).toBeLessThan((HEARTBEAT_SECONDS + 2) * 1000);
  });
});
