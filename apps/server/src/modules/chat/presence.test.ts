import type { AddressInfo } from 'node:net';
import type { Presence } from '@makan/contract/chat';
import type { PresenceChangedEvent } from '@makan/contract/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { openSocket, type TestSocket, whenConnected } from '../../test/sockets.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';
import { signedInUser } from '../../test/users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

const messages = capturedMessages();
let app: App;
let url: string;
let sara: User;
let omar: User;
let stranger: User;
const sockets: TestSocket[] = [];

async function connected(user: User): Promise<TestSocket> {
  const socket = openSocket(url, user.token);
  sockets.push(socket);
  return whenConnected(socket);
}

/** Every PresenceChanged a socket receives, and a way to wait for one that matches. */
function presenceEvents(socket: TestSocket) {
  const seen: PresenceChangedEvent[] = [];
  socket.on('PresenceChanged', (event) => seen.push(event));
  return {
    seen,
    async waitFor(match: (e: PresenceChangedEvent) => boolean, timeoutMs = scaled(5000)) {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        const hit = seen.find(match);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no matching PresenceChanged within ${timeoutMs} ms (got ${JSON.stringify(seen)})`);
    },
  };
}

const api = (user: User, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  app.inject({ method, url: path, headers: user.auth, ...(payload ? { payload } : {}) });

async function presenceOf(viewer: User, ...ids: number[]): Promise<Presence[]> {
  const res = await api(viewer, 'GET', `/api/chat/presence?user_ids=${ids.join(',')}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.presence;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  ({ app } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  sara = await signedInUser(app, messages, { name: 'Sara Ahmed' });
  omar = await signedInUser(app, messages, { name: 'Omar Khalid' });
  stranger = await signedInUser(app, messages, { name: 'Nosy Stranger' });
  expect((await api(sara, 'POST', '/api/chat/conversations', { user_id: omar.id })).statusCode).toBe(201);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
});

describe('presence', () => {
  it('is offline and never seen before a first socket', async () => {
    expect(await presenceOf(sara, omar.id)).toEqual([
      { user_id: omar.id, online: false, last_seen_at: null },
    ]);
  });

  it('is online while at least one socket is open, and stores last seen when the last one closes', async () => {
    const saraSocket = await connected(sara);
    const saraSees = presenceEvents(saraSocket);
    const first = await connected(omar);
    await saraSees.waitFor((e) => e.user_id === omar.id && e.online);
    expect(await presenceOf(sara, omar.id)).toEqual([{ user_id: omar.id, online: true, last_seen_at: null }]);

    const second = await connected(omar);
    first.disconnect();
    await settle();
    // One tab closed, the other still open: still online, no offline event.
    expect(await presenceOf(sara, omar.id)).toEqual([{ user_id: omar.id, online: true, last_seen_at: null }]);
    expect(saraSees.seen.some((e) => e.user_id === omar.id && !e.online)).toBe(false);

    const before = Date.now();
    second.disconnect();
    const offline = await saraSees.waitFor((e) => e.user_id === omar.id && !e.online);
    expect(offline.last_seen_at).not.toBeNull();
    expect(Date.parse(offline.last_seen_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const [now] = await presenceOf(sara, omar.id);
    expect(now).toEqual({ user_id: omar.id, online: false, last_seen_at: offline.last_seen_at });
    saraSocket.disconnect();
  });

  it('is never shown to a stranger, over HTTP or as an event', async () => {
    const strangerSocket = await connected(stranger);
    const strangerSees = presenceEvents(strangerSocket);
    const omarSocket = await connected(omar);
    expect(await presenceOf(stranger, omar.id, sara.id)).toEqual([]);
    omarSocket.disconnect();
    await settle();
    expect(strangerSees.seen).toEqual([]);
    strangerSocket.disconnect();
  });

  it('refuses a malformed list and asks for a session', async () => {
    expect((await api(sara, 'GET', '/api/chat/presence?user_ids=1,x')).statusCode).toBe(422);
    expect(
      (await app.inject({ method: 'GET', url: `/api/chat/presence?user_ids=${omar.id}` })).statusCode,
    ).toBe(401);
  });

  it('hides presence both ways while show_presence is off', async () => {
    expect((await api(omar, 'GET', '/api/chat/settings')).json().data).toEqual({ show_presence: true });
    const saraSocket = await connected(sara);
    const saraSees = presenceEvents(saraSocket);
    const omarSocket = await connected(omar);
    await saraSees.waitFor((e) => e.user_id === omar.id && e.online);

    const off = await api(omar, 'PATCH', '/api/chat/settings', { show_presence: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ show_presence: false });
    // Sara is told at once that there is nothing to show, and sees nothing from now on.
    await saraSees.waitFor((e) => e.user_id === omar.id && !e.online && e.last_seen_at === null);
    expect(await presenceOf(sara, omar.id)).toEqual([
      { user_id: omar.id, online: false, last_seen_at: null },
    ]);
    // Omar, hiding his own, sees nobody's either.
    expect(await presenceOf(omar, sara.id)).toEqual([
      { user_id: sara.id, online: false, last_seen_at: null },
    ]);
    const count = saraSees.seen.length;
    omarSocket.disconnect();
    await settle();
    expect(saraSees.seen.length).toBe(count);
    expect(await presenceOf(sara, omar.id)).toEqual([
      { user_id: omar.id, online: false, last_seen_at: null },
    ]);

    const on = await api(omar, 'PATCH', '/api/chat/settings', { show_presence: true });
    expect(on.json().data).toEqual({ show_presence: true });
    const [shown] = await presenceOf(sara, omar.id);
    expect(shown?.online).toBe(false);
    expect(shown?.last_seen_at).not.toBeNull();
    expect(await presenceOf(omar, sara.id)).toEqual([{ user_id: sara.id, online: true, last_seen_at: null }]);
    expect((await api(omar, 'PATCH', '/api/chat/settings', { show_presence: 'yes' })).statusCode).toBe(422);
    saraSocket.disconnect();
  });
});
