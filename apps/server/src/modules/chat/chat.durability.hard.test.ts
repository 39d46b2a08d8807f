import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatMessage, MessagesResult } from '@makan/contract/chat';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  freePort,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopServer,
  testServerEnv,
  waitReady,
} from '../../test/server-process.ts';
import { openSocket, type TestSocket } from '../../test/sockets.ts';
import { scaled } from '../../test/time-scale.ts';

/**
 * The client contract of chat, checked against the real process while it is killed: a sender that
 * retries the same client_id until it gets an answer, and a receiver that takes events from the
 * socket and catches up over HTTP after every (re)connect, end up with every message exactly once,
 * in the server's order. Runs on PGlite, or on PostgreSQL when DATABASE_URL is set; in the hard suite
 * (`npm run test:hard`) for its restarts (20–40 s).
 */

const TOTAL = 500;
/** Kill and restart the server when these sends have been started. */
const KILL_AT = new Set([150, 350]);
const IN_FLIGHT = 4;
/**
 * The sender treats its first answer to these as lost (as after a client timeout) and sends again:
 * the retry-after-lost-answer case, for sure, besides the answers the kills cut off.
 */
const DROP_FIRST_ANSWER = new Set([42, 142, 242, 342, 442]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 'makan-durability-'));
let server: ServerProcess | undefined;
let socket: TestSocket | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

afterAll(async () => {
  socket?.close();
  if (server) await stopServer(server);
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

class Refused extends Error {}

describe('chat durability across server crashes', () => {
  it(`delivers ${TOTAL} messages exactly once and in order while the server is SIGKILLed twice`, {
    timeout: scaled(300_000),
  }, async () => {
    const began = Date.now();
    let databaseUrl = '';
    if (process.env.DATABASE_URL) {
      const database = await createPostgresDatabase(process.env.DATABASE_URL);
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // 500 messages as fast as the socket takes them: far past the flood limit kept for people.
    const env = testServerEnv(port, dataDir, {
      DATABASE_URL: databaseUrl,
      LIMIT_MESSAGES_PER_MINUTE: '100000',
    });
    const boot = async () => {
      const started = startServer(env);
      server = started;
      await waitReady(port, started);
    };
    await boot();
    const bootMs = Date.now() - began;

    const sender = await signUpOverHttp(base, dataDir, 'Sender Sami');
    const receiver = await signUpOverHttp(base, dataDir, 'Receiver Rana');
    const opened = await fetch(`${base}/api/chat/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: receiver.id }),
    });
    expect(opened.status).toBe(201);
    const conversationId = ((await opened.json()) as { data: { id: number } }).data.id;
    const messagesUrl = `${base}/api/chat/conversations/${conversationId}/messages`;

    // ---- receiver: socket events plus catch-up on every connect --------------------------------
    const held = new Map<number, ChatMessage>();
    const arrivedBy = { socket: 0, catchUp: 0 };
    const problems: string[] = [];
    let duplicateDeliveries = 0;
    /**
     * New messages whose event came after a higher id was already held: had the socket dropped just
     * before such an event, catching up `after=<highest id held>` would never fetch that message.
     */
    let lateEvents = 0;
    let connects = 0;
    let failedCatchUps = 0;

    const hold = (message: ChatMessage, how: 'socket' | 'catchUp') => {
      if (message.conversation_id !== conversationId) return;
      const known = held.get(message.id);
      if (known) {
        duplicateDeliveries += 1;
        if (known.content !== message.content)
          problems.push(`id ${message.id} arrived as ${known.content} and as ${message.content}`);
        return;
      }
      held.set(message.id, message);
      arrivedBy[how] += 1;
    };
    const highestHeld = () => Math.max(0, ...held.keys());

    /** Everything after `from`, page by page (the cursor follows the pages, not the socket). */
    const catchUpFrom = async (from: number) => {
      let after = from;
      for (;;) {
        const res = await fetch(`${messagesUrl}?after=${after}&per_page=1000`, {
          headers: { authorization: `Bearer ${receiver.token}` },
          signal: AbortSignal.timeout(15_000),
        });
        if (!res.ok) throw new Error(`catch-up: ${res.status}`);
        const { data } = (await res.json()) as { data: MessagesResult };
        for (const message of data.messages) {
          hold(message, 'catchUp');
          after = Math.max(after, message.id);
        }
        if (!data.pagination.has_more) return;
      }
    };
    // As the web client does: the cursor is the highest id held at the moment of the connect
    // (events arriving meanwhile must not move it); one catch-up at a time; a failed one (server
    // gone again) is followed by the next connect's.
    let catchingUp: Promise<void> = Promise.resolve();
    const catchUp = () => {
      const from = highestHeld();
      catchingUp = catchingUp
        .then(() => catchUpFrom(from))
        .catch(() => {
          failedCatchUps += 1;
        });
      return catchingUp;
    };

    const client = openSocket(base, receiver.token, {
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    socket = client;
    client.on('MessageSent', ({ message, previousMessageId }) => {
      if (!held.has(message.id) && message.id < highestHeld()) lateEvents += 1;
      const highest = highestHeld();
      hold(message, 'socket');
      // As the web client does (sync.ts): when the message before this one is newer than anything held,
      // fetch from what is held now. This also fills what a catch-up lost when the server died under it.
      if (previousMessageId > highest) {
        catchingUp = catchingUp
          .then(() => catchUpFrom(highest))
          .catch(() => {
            failedCatchUps += 1;
          });
      }
    });
    client.on('connect', () => {
      connects += 1;
      void catchUp();
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });

    // ---- sender: up to IN_FLIGHT sends, each retried with the same client_id --------------------
    const clientIds = Array.from({ length: TOTAL }, () => randomUUID());
    const answered = new Map<number, ChatMessage>();
    const stats = { sendsRetried: 0, extraAttempts: 0, answered200: 0, answered201: 0, answersDropped: 0 };
    const restarts: Promise<void>[] = [];
    const downtimes: number[] = [];

    const restart = async () => {
      const down = Date.now();
      if (server) await stopServer(server, 'SIGKILL');
      await boot();
      downtimes.push(Date.now() - down);
    };

    const sendOne = async (n: number) => {
      let dropped: ChatMessage | undefined;
      for (let attempt = 1; ; attempt++) {
        if (attempt === 2) stats.sendsRetried += 1;
        if (attempt > 1) stats.extraAttempts += 1;
        try {
          const res = await fetch(messagesUrl, {
            method: 'POST',
            headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ content: `msg-${n}`, client_id: clientIds[n] }),
            signal: AbortSignal.timeout(15_000),
          });
          if (res.status === 200 || res.status === 201) {
            const message = ((await res.json()) as { data: ChatMessage }).data;
            if (message.content !== `msg-${n}` || message.client_id !== clientIds[n])
              throw new Refused(`send ${n} answered ${JSON.stringify(message)}`);
            if (DROP_FIRST_ANSWER.has(n) && !dropped) {
              dropped = message;
              stats.answersDropped += 1;
            } else {
              if (dropped && (res.status !== 200 || message.id !== dropped.id))
                throw new Refused(
                  `resend ${n}: ${res.status} id ${message.id}, first answer was ${dropped.id}`,
                );
              stats[res.status === 200 ? 'answered200' : 'answered201'] += 1;
              answered.set(n, message);
              return;
            }
          }
          if (res.status < 500) throw new Refused(`send ${n}: ${res.status} ${await res.text()}`);
        } catch (err) {
          if (err instanceof Refused) throw err;
          // connection refused or reset, timeout, or a body cut short: try again
        }
        await sleep(100 + Math.random() * 100);
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        const n = next++;
        // A little jitter, so the kill lands anywhere in the life of the requests in flight.
        if (KILL_AT.has(n)) restarts.push(sleep(Math.random() * 40).then(restart));
        await sendOne(n);
      }
    };
    const sendingFrom = Date.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await Promise.all(restarts);
    const sendingMs = Date.now() - sendingFrom;

    // As a client does on reconnect: one more catch-up after the last answer.
    await catchingUp;
    await catchUpFrom(highestHeld());

    // ---- what the receiver holds against what the server stored ---------------------------------
    const summary = {
      database: databaseUrl ? 'postgres' : 'pglite',
      bootMs,
      downtimesMs: downtimes,
      sendingMs,
      totalMs: Date.now() - began,
      ...stats,
      // answered200 counts both: the dropped answers' resends and the sends whose answer a kill cut off
      lostAnswersFromKills: stats.answered200 - stats.answersDropped,
      arrivedBySocket: arrivedBy.socket,
      arrivedByCatchUp: arrivedBy.catchUp,
      duplicateDeliveries,
      lateEvents,
      connects,
      failedCatchUps,
    };
    console.log(`chat durability: ${JSON.stringify(summary)}`);
    expect(problems).toEqual([]);
    const mine = [...held.values()].sort((a, b) => a.id - b.id);
    const contents = mine.map((m) => m.content);
    const expected = Array.from({ length: TOTAL }, (_, n) => `msg-${n}`);
    const count = new Map<string | null, number>();
    for (const c of contents) count.set(c, (count.get(c) ?? 0) + 1);
    expect(
      expected.filter((c) => !count.has(c)),
      'messages the receiver never got',
    ).toEqual([]);
    expect(
      [...count].filter(([, k]) => k > 1),
      'messages the receiver holds twice',
    ).toEqual([]);
    expect(contents).toHaveLength(TOTAL);
    for (let i = 1; i < mine.length; i++) expect(mine[i]?.id).toBeGreaterThan(mine[i - 1]?.id ?? 0);

    const full = await fetch(`${messagesUrl}?per_page=1000`, {
      headers: { authorization: `Bearer ${receiver.token}` },
    });
    expect(full.status).toBe(200);
    const stored = ((await full.json()) as { data: MessagesResult }).data;
    expect(stored.pagination.total).toBe(TOTAL);
    expect(stored.messages.map((m) => [m.id, m.content])).toEqual(mine.map((m) => [m.id, m.content]));
    // Every answer named the message that is stored for that client id.
    for (const m of stored.messages) {
      const n = Number(m.content?.slice(4));
      expect(m.client_id).toBe(clientIds[n]);
      expect(answered.get(n)?.id).toBe(m.id);
    }

    expect(downtimes).toHaveLength(2);
    expect(stats.answered200).toBeGreaterThanOrEqual(DROP_FIRST_ANSWER.size);
    // The receiver reconnects after the kills (once, when both fell in one reconnect's wait) and is
    // connected at the end; the sends can all be answered before that, so wait for it.
    // (A minute: Socket.IO's backoff grows while a restart takes tens of seconds on a busy machine.)
    for (let waited = 0; !client.connected && waited < 60_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(client.connected).toBe(true);
    expect(connects).toBeGreaterThanOrEqual(2);
  });
});
