import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatMessage, Presence } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import type { Ack, ServerToClientEvents } from '@makan/contract/realtime';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { scaled } from '../../test/time-scale.ts';

/**
 * Two server processes on one PostgreSQL database, joined by the Redis adapter: what a user does
 * on one process reaches the other participant connected to the other process, and nobody else.
 */

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** Everything a socket receives, in order, and a way to await one event (5 s at most). */
function recorder(socket: TestSocket, who: string) {
  const seen: { event: string; payload: unknown }[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    seen.push({ event, payload });
    for (const wake of [...waiters]) wake();
  });
  const matching = <E extends EventName>(event: E, match: (p: Payload<E>) => boolean) =>
    seen
      .filter((e) => e.event === event && match(e.payload as Payload<E>))
      .map((e) => e.payload as Payload<E>);
  return {
    seen,
    count: <E extends EventName>(event: E, match: (p: Payload<E>) => boolean = () => true) =>
      matching(event, match).length,
    waitFor<E extends EventName>(
      event: E,
      match: (p: Payload<E>) => boolean = () => true,
      timeoutMs = scaled(5000),
    ): Promise<Payload<E>> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const [hit] = matching(event, match);
          if (hit === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const got = seen.map((e) => e.event).join(', ') || 'nothing';
          reject(
            new Error(`${who} did not receive the expected ${event} within ${timeoutMs} ms (got: ${got})`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

const ask = (socket: TestSocket, event: 'subscribe' | 'typing' | 'stopTyping', conversationId: number) =>
  (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<Ack>)(event, { conversationId });

const settle = () => new Promise((r) => setTimeout(r, 300));

describe.skipIf(!adminUrl || !redisUrl)(
  'chat across two server processes (needs DATABASE_URL and REDIS_URL)',
  () => {
    let dataDirs: string[] = [];
    const servers: ServerProcess[] = [];
    const sockets: TestSocket[] = [];
    let dropDatabase: (() => Promise<void>) | undefined;
    let databaseUrl = '';
    let bases: string[] = [];
    let ana: SignedUpUser;
    let badr: SignedUpUser;
    let carl: SignedUpUser;
    let anaOn1: ReturnType<typeof recorder>;
    let badrOn2: ReturnType<typeof recorder>;
    let carlOn2: ReturnType<typeof recorder>;
    let anaSocket: TestSocket;
    let badrSocket: TestSocket;
    let carlSocket: TestSocket;
    let conversationId: number;

    const call = async (
      base: string,
      user: SignedUpUser,
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      body?: object,
    ) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${user.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text) as { data: unknown } };
    };

    const connect = async (base: string, user: SignedUpUser) => {
      const socket = openSocket(base, user.token);
      sockets.push(socket);
      return whenConnected(socket);
    };

    beforeAll(async () => {
      if (!adminUrl || !redisUrl) return;
      dataDirs = [1, 2].map((n) => mkdtempSync(path.join(tmpdir(), `makan-cluster-${n}-`)));
      const database = await createPostgresDatabase(adminUrl);
      dropDatabase = database.drop;
      databaseUrl = database.url;
      const ports = [await freePort(), await freePort()];
      bases = ports.map((port) => `http://127.0.0.1:${port}`);
      // Both at once: the startup lock makes one of them migrate.
      for (const [i, port] of ports.entries()) {
        servers.push(
          startServer(
            testServerEnv(port, dataDirs[i] ?? '', {
              DATABASE_URL: database.url,
              REDIS_URL: redisUrl,
              // This run's own channels: another run sharing the Redis never reaches it.
              REDIS_PREFIX: `makan-test-${process.pid}`,
            }),
          ),
        );
      }
      await Promise.all(servers.map((s, i) => waitReady(ports[i] ?? 0, s)));
      const [one = '', two = ''] = bases;
      const [dir1 = '', dir2 = ''] = dataDirs;

      ana = await signUpOverHttp(one, dir1, 'Ana on one');
      badr = await signUpOverHttp(two, dir2, 'Badr on two');
      carl = await signUpOverHttp(two, dir2, 'Carl the stranger');
      anaSocket = await connect(one, ana);
      badrSocket = await connect(two, badr);
      carlSocket = await connect(two, carl);
      anaOn1 = recorder(anaSocket, 'Ana (process 1)');
      badrOn2 = recorder(badrSocket, 'Badr (process 2)');
      carlOn2 = recorder(carlSocket, 'Carl (process 2)');

      const opened = await call(one, ana, 'POST', '/api/chat/conversations', { user_id: badr.id });
      expect(opened.status).toBe(201);
      conversationId = (opened.body.data as { id: number }).id;
      const fromBadr = await call(two, badr, 'POST', '/api/chat/conversations', { user_id: ana.id });
      expect(fromBadr.status).toBe(200);
      expect((fromBadr.body.data as { id: number }).id).toBe(conversationId);
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));
      await dropDatabase?.();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('lets the participants subscribe on their own process and refuses a stranger', async () => {
      expect(await ask(anaSocket, 'subscribe', conversationId)).toEqual({ ok: true });
      expect(await ask(badrSocket, 'subscribe', conversationId)).toEqual({ ok: true });
      expect(await ask(carlSocket, 'subscribe', conversationId)).toMatchObject({ ok: false, status: 404 });
      // Not in the channel, so not allowed to say he is typing there either.
      expect(await ask(carlSocket, 'typing', conversationId)).toMatchObject({ ok: false, status: 403 });
    });

    it('delivers a message sent on process 1 to Badr on process 2 once, and his answer back', async () => {
      const [one = '', two = ''] = bases;
      const sent = await call(one, ana, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
        content: 'Hello from process 1',
        client_id: 'cluster-1',
      });
      expect(sent.status).toBe(201);
      const message = sent.body.data as ChatMessage;
      const got = await badrOn2.waitFor('MessageSent', (e) => e.message.id === message.id);
      expect(got.message).toMatchObject({
        conversation_id: conversationId,
        sender_id: ana.id,
        content: 'Hello from process 1',
        client_id: 'cluster-1',
      });
      // Ana's own socket hears it too (her other tabs).
      await anaOn1.waitFor('MessageSent', (e) => e.message.id === message.id);

      const reply = await call(two, badr, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
        content: 'Hello back from process 2',
      });
      expect(reply.status).toBe(201);
      const answer = reply.body.data as ChatMessage;
      const back = await anaOn1.waitFor('MessageSent', (e) => e.message.id === answer.id);
      expect(back.message).toMatchObject({ sender_id: badr.id, content: 'Hello back from process 2' });

      // In both the user's and the conversation's channel, still once each.
      await settle();
      expect(badrOn2.count('MessageSent', (e) => e.message.id === message.id)).toBe(1);
      expect(anaOn1.count('MessageSent', (e) => e.message.id === answer.id)).toBe(1);
    });

    it('tells Badr on process 2 that Ana on process 1 is typing, and that she stopped', async () => {
      expect(await ask(anaSocket, 'typing', conversationId)).toEqual({ ok: true });
      const typing = await badrOn2.waitFor('UserTyping', (e) => e.conversationId === conversationId);
      expect(typing).toEqual({
        conversationId,
        userId: ana.id,
        name: ana.name,
        expiresInMs: LIMITS.typingTtlMs,
      });
      expect(await ask(anaSocket, 'stopTyping', conversationId)).toEqual({ ok: true });
      const stopped = await badrOn2.waitFor('UserStoppedTyping', (e) => e.conversationId === conversationId);
      expect(stopped).toEqual({ conversationId, userId: ana.id });
      // The typist is not told about herself.
      await settle();
      expect(anaOn1.count('UserTyping')).toBe(0);
      expect(anaOn1.count('UserStoppedTyping')).toBe(0);
    });

    it('tells Ana on process 1 when Badr reads on process 2', async () => {
      const [one = '', two = ''] = bases;
      // Badr's own reply already told Ana he read her first message (a MessageRead of its own);
      // this one is about a new message.
      const sent = await call(one, ana, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
        content: 'Did you see the Dammam listing?',
      });
      expect(sent.status).toBe(201);
      const message = sent.body.data as ChatMessage;
      await badrOn2.waitFor('MessageSent', (e) => e.message.id === message.id);

      const read = await call(two, badr, 'POST', `/api/chat/conversations/${conversationId}/read`, {});
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ last_read_message_id: message.id, message_ids: [message.id] });
      const event = await anaOn1.waitFor(
        'MessageRead',
        (e) =>
          e.conversationId === conversationId && e.userId === badr.id && e.lastReadMessageId === message.id,
      );
      expect(event).toEqual({
        conversationId,
        userId: badr.id,
        lastReadMessageId: message.id,
        messageIds: [message.id],
      });
    });

    it('tells the stranger on process 2 nothing at all', async () => {
      await settle();
      expect(carlOn2.seen).toEqual([]);
    });

    // Presence (issue 19): counted over both processes' sockets; last_seen_at when the last one closes.
    const presenceOf = async (base: string, viewer: SignedUpUser, userId: number) => {
      const res = await call(base, viewer, 'GET', `/api/chat/presence?user_ids=${userId}`);
      expect(res.status).toBe(200);
      return (res.body.data as { presence: Presence[] }).presence;
    };

    it("shows Badr's presence on either process, counting sockets on both, and never to the stranger", async () => {
      const [one = '', two = ''] = bases;
      // Badr's only socket is on process 2; Ana asks process 1.
      expect(await presenceOf(one, ana, badr.id)).toEqual([
        { user_id: badr.id, online: true, last_seen_at: null },
      ]);
      expect(await presenceOf(two, carl, badr.id)).toEqual([]);

      // A second tab on process 1, then the process 2 one closes: still online, no offline event.
      const badrOn1 = await connect(one, badr);
      badrSocket.close();
      await settle();
      expect(await presenceOf(two, ana, badr.id)).toEqual([
        { user_id: badr.id, online: true, last_seen_at: null },
      ]);
      expect(anaOn1.count('PresenceChanged', (e) => e.user_id === badr.id && !e.online)).toBe(0);

      // The last one closes: Ana (process 1) is told, and both processes answer the stored time.
      badrOn1.close();
      const offline = await anaOn1.waitFor('PresenceChanged', (e) => e.user_id === badr.id && !e.online);
      expect(offline.last_seen_at).not.toBeNull();
      for (const base of [one, two]) {
        expect(await presenceOf(base, ana, badr.id)).toEqual([
          { user_id: badr.id, online: false, last_seen_at: offline.last_seen_at },
        ]);
      }

      // Back on process 2: Ana on process 1 hears it.
      const before = anaOn1.count('PresenceChanged', (e) => e.user_id === badr.id && e.online);
      await connect(two, badr);
      await vi.waitFor(
        () =>
          expect(anaOn1.count('PresenceChanged', (e) => e.user_id === badr.id && e.online)).toBe(before + 1),
        { timeout: scaled(5000) },
      );
      await settle();
      expect(carlOn2.seen).toEqual([]);
    });

    it("never sends a socket's token to the other process when asking who is online", async () => {
      const [one = ''] = bases;
      // Everything the processes of this run say to each other through Redis, as it passes.
      const listener = new Redis(redisUrl ?? '');
      const passed: Buffer[] = [];
      listener.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) =>
        passed.push(message),
      );
      try {
        await listener.psubscribe(`makan-test-${process.pid}*`);
        // Badr's socket is on process 2: process 1 asks every process for his sockets and gets them back.
        expect(await presenceOf(one, ana, badr.id)).toEqual([
          { user_id: badr.id, online: true, last_seen_at: null },
        ]);
        await settle();
        expect(passed.length).toBeGreaterThan(0);
        for (const token of [ana.token, badr.token, carl.token]) {
          expect(passed.some((message) => message.includes(token))).toBe(false);
        }
      } finally {
        listener.disconnect();
      }
    });

    it('applies a block made on process 1 on process 2 at once: the chat closes, his sends are refused (issue 21)', async () => {
      const [one = '', two = ''] = bases;
      const socket = await connect(two, badr);
      const badrAgain = recorder(socket, 'Badr (process 2, again)');
      const blocked = await call(one, ana, 'POST', `/api/users/${badr.id}/block`);
      expect(blocked.status).toBe(200);
      const closed = await badrAgain.waitFor(
        'ConversationUpdated',
        (e) => e.conversationId === conversationId,
      );
      expect(closed.updates).toEqual({ is_active: false });
      const refused = await call(two, badr, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
        content: 'Still there?',
      });
      expect(refused.status).toBe(403);
      const ack = await (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<Ack>)(
        'send',
        {
          conversationId,
          content: 'Over the socket',
          client_id: 'blocked-on-2',
        },
      );
      expect(ack).toMatchObject({ ok: false, status: 403 });
      expect((await call(two, ana, 'POST', '/api/chat/conversations', { user_id: badr.id })).status).toBe(
        403,
      );

      // Lifted on process 2, it is lifted for process 1 too.
      expect((await call(two, ana, 'DELETE', `/api/users/${badr.id}/block`)).status).toBe(200);
      const again = await call(one, badr, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
        content: 'Back again',
      });
      expect(again.status).toBe(201);
    });

    it('applies a suspension made on process 1 on process 2 at once: his sockets close, his token is refused (issue 21)', async () => {
      const [one = '', two = ''] = bases;
      const [dir1 = ''] = dataDirs;
      const moderator = await signUpOverHttp(one, dir1, 'Mod on one');
      const sql = new pg.Client({ connectionString: databaseUrl });
      await sql.connect();
      await sql.query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
      await sql.end();
      const socket = await connect(two, carl);
      const closed = whenDisconnected(socket, 10_000);
      const suspended = await call(one, moderator, 'POST', `/api/admin/users/${carl.id}/suspend`, {
        reason: 'Spam',
        days: 3,
      });
      expect(suspended.status).toBe(200);
      await closed;
      expect((await call(two, carl, 'GET', '/api/user')).status).toBe(401);
    });
  },
);
