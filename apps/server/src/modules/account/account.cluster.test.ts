import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  freePort,
  type ServerProcess,
  type SignedUpUser,
  signUpOverHttp,
  startServer,
  stopServer,
  testServerEnv,
  waitReady,
} from '../../test/server-process.ts';
import { openSocket, type TestSocket, whenConnected, whenDisconnected } from '../../test/sockets.ts';

/**
 * Two server processes on one PostgreSQL database, joined by the Redis adapter: a password change or
 * a sign-out-everywhere made on process 1 closes the user's sockets on process 2 too.
 */

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const settle = () => new Promise((r) => setTimeout(r, 300));

describe.skipIf(!adminUrl || !redisUrl)(
  'account sessions across two processes (needs DATABASE_URL and REDIS_URL)',
  () => {
    let dataDirs: string[] = [];
    const servers: ServerProcess[] = [];
    const sockets: TestSocket[] = [];
    let dropDatabase: (() => Promise<void>) | undefined;
    let bases: string[] = [];

    const call = async (base: string, token: string, method: 'GET' | 'POST', url: string, body?: object) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    };

    const loginOn = async (base: string, email: string, password: string) => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: email, password }),
      });
      const body = (await res.json()) as { data: { token: string } };
      return { status: res.status, token: body.data?.token };
    };

    const connect = async (base: string, token: string) => {
      const socket = openSocket(base, token);
      sockets.push(socket);
      return whenConnected(socket);
    };

    /** A user signed in on process 1 (token) and on process 2 (second token). */
    const userOnBoth = async (name: string) => {
      const [one = '', two = ''] = bases;
      const user: SignedUpUser = await signUpOverHttp(one, dataDirs[0] ?? '', name);
      const second = await loginOn(two, user.email, 'Secret123');
      expect(second.status).toBe(200);
      return { ...user, secondToken: second.token };
    };

    beforeAll(async () => {
      if (!adminUrl || !redisUrl) return;
      dataDirs = [1, 2].map((n) => mkdtempSync(path.join(tmpdir(), `makan-account-cluster-${n}-`)));
      const database = await createPostgresDatabase(adminUrl);
      dropDatabase = database.drop;
      const ports = [await freePort(), await freePort()];
      bases = ports.map((port) => `http://127.0.0.1:${port}`);
      for (const [i, port] of ports.entries()) {
        servers.push(
          startServer(
            testServerEnv(port, dataDirs[i] ?? '', {
              DATABASE_URL: database.url,
              REDIS_URL: redisUrl,
              REDIS_PREFIX: `makan-account-test-${process.pid}`,
            }),
          ),
        );
      }
      await Promise.all(servers.map((s, i) => waitReady(ports[i] ?? 0, s)));
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));
      await dropDatabase?.();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('a password change on process 1 closes the other session’s socket on process 2 and keeps its own', async () => {
      const [one = '', two = ''] = bases;
      const user = await userOnBoth('Password changer');
      const mine = await connect(one, user.token);
      const theirs = await connect(two, user.secondToken);
      const res = await call(one, user.token, 'POST', '/api/account/password', {
        current_password: 'Secret123',
        password: 'Better456',
        password_confirmation: 'Better456',
      });
      expect(res.status).toBe(200);
      await whenDisconnected(theirs);
      await settle();
      expect(mine.connected).toBe(true);
      expect((await call(two, user.secondToken, 'GET', '/api/user')).status).toBe(401);
      expect((await call(two, user.token, 'GET', '/api/user')).status).toBe(200);
    });

    it('sign out everywhere on process 2 closes the sockets on both processes', async () => {
      const [one = '', two = ''] = bases;
      const user = await userOnBoth('Everywhere leaver');
      const onOne = await connect(one, user.token);
      const onTwo = await connect(two, user.secondToken);
      const res = await call(two, user.secondToken, 'POST', '/api/account/sign-out-everywhere');
      expect(res.status).toBe(200);
      await Promise.all([whenDisconnected(onOne), whenDisconnected(onTwo)]);
      expect((await call(one, user.token, 'GET', '/api/user')).status).toBe(401);
    });
  },
);
