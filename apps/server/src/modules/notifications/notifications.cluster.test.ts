import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationsChangedEvent } from '@makan/contract/notifications';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/form.ts';
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
import { openSocket, type TestSocket, whenConnected } from '../../test/sockets.ts';
import { scaled } from '../../test/time-scale.ts';

/**
 * Notifications across two server processes on one PostgreSQL database joined by Redis (issue
 * 22): a like taken on one process reaches the owner's socket on the other; both processes' workers
 * run on one queue and each event is written once; after a reconnect the count is right.
 */

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!adminUrl || !redisUrl)(
  'notifications across two server processes (needs DATABASE_URL and REDIS_URL)',
  () => {
    const dataDirs = [1, 2].map((n) => mkdtempSync(path.join(tmpdir(), `makan-notify-cluster-${n}-`)));
    const servers: ServerProcess[] = [];
    const sockets: TestSocket[] = [];
    let dropDatabase: (() => Promise<void>) | undefined;
    let databaseUrl = '';
    let bases: string[] = [];

    const call = async (base: string, user: SignedUpUser, method: 'GET' | 'POST', url: string) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${user.token}` },
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    };

    beforeAll(async () => {
      if (!adminUrl || !redisUrl) return;
      const database = await createPostgresDatabase(adminUrl);
      dropDatabase = database.drop;
      databaseUrl = database.url;
      const ports = [await freePort(), await freePort()];
      bases = ports.map((port) => `http://127.0.0.1:${port}`);
      for (const [i, port] of ports.entries())
        servers.push(
          startServer(
            testServerEnv(port, dataDirs[i] ?? '', {
              DATABASE_URL: database.url,
              REDIS_URL: redisUrl,
              REDIS_PREFIX: `makan-test-notify-${process.pid}`,
              NOTIFICATIONS_EVERY_SECONDS: '1',
            }),
          ),
        );
      await Promise.all(servers.map((s, i) => waitReady(ports[i] ?? 0, s)));
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));
      await dropDatabase?.();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('a like on one process reaches the owner on the other, once; a reconnect reads the right count', async () => {
      const [one = '', two = ''] = bases;
      const [dir1 = '', dir2 = ''] = dataDirs;
      const owner = await signUpOverHttp(one, dir1, 'Cluster Owner');
      const fans = [
        await signUpOverHttp(two, dir2, 'Cluster Fan One'),
        await signUpOverHttp(two, dir2, 'Cluster Fan Two'),
        await signUpOverHttp(one, dir1, 'Cluster Fan Three'),
      ];
      const form = await multipartBody(
        { property_type: 'retail', location: 'Tahlia Street', description: 'Corner shop' },
        [],
        'media[]',
      );
      const posted = await fetch(`${one}/api/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, ...form.headers },
        body: new Uint8Array(form.payload),
      });
      expect(posted.status).toBe(201);
      const postId = ((await posted.json()) as { data: { id: number } }).data.id;

      const socket = await whenConnected(openSocket(one, owner.token));
      sockets.push(socket);
      const changes: NotificationsChangedEvent[] = [];
      socket.on('NotificationsChanged', (payload: NotificationsChangedEvent) => changes.push(payload));

      // Liked through the other process: the owner's socket on this one hears it.
      for (const [i, fan] of fans.entries()) {
        const base = i < 2 ? two : one;
        expect((await call(base, fan, 'POST', `/api/posts/${postId}/like`)).status).toBe(200);
      }
      // The two processes' workers tell in the order they finish, not in the order of the likes: the
      // state with all three comes, not necessarily last (the list read below is the truth).
      await expect
        .poll(() => Math.max(0, ...changes.map((c) => c.notification?.actors_count ?? 0)), {
          timeout: scaled(10_000),
        })
        .toBe(3);
      expect(changes.every((c) => c.unread_count === 1)).toBe(true);

      // Written once, though both processes' workers ran on the one queue.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: string; actors: string }>(
          `select count(distinct n.id) as n, count(a.actor_id) as actors
             from notifications n join notification_actors a on a.notification_id = n.id
            where n.recipient_id = $1 and n.kind = 'like'`,
          [owner.id],
        );
        expect(rows[0]).toEqual({ n: '1', actors: '3' });
        expect(Number((await db.query('select count(*) as n from notification_events')).rows[0]?.n)).toBe(0);
      } finally {
        await db.end();
      }

      // Away, then back on the other process: the count asked again is the same.
      socket.disconnect();
      const again = await whenConnected(openSocket(two, owner.token));
      sockets.push(again);
      const count = await call(two, owner, 'GET', '/api/notifications/unread-count');
      expect(count.body.data).toEqual({ unread_count: 1 });
      const list = await call(one, owner, 'GET', '/api/notifications');
      expect((list.body.data as { notifications: { actors_count: number }[] }).notifications).toMatchObject([
        { actors_count: 3 },
      ]);
    });
  },
);
