import type { AddressInfo } from 'node:net';
import type { ChatMessage, Conversation } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import type { Ack, MessageSentEvent, SendAck, ServerToClientEvents } from '@makan/contract/realtime';
import { formatText, HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { openSocket, type TestSocket, whenConnected } from '../../test/sockets.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';
import { signedInUser } from '../../test/users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let url: string;
let sara: User;
let omar: User;
let stranger: User;
let conversation: Conversation;
const sockets: TestSocket[] = [];

function connect(auth: Record<string, unknown>): TestSocket {
  const socket = openSocket(url, auth);
  sockets.push(socket);
  return socket;
}

async function connected(token: string): Promise<TestSocket> {
  return whenConnected(connect({ token }));
}

/** Everything a socket receives, by event name. */
function record(socket: TestSocket) {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

function next<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E, timeoutMs = scaled(5000)) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    (socket.once as (e: string, h: (p: Parameters<ServerToClientEvents[E]>[0]) => void) => void)(
      event,
      handler,
    );
  });
}

const ask = (
  socket: TestSocket,
  event: 'subscribe' | 'unsubscribe' | 'typing' | 'stopTyping',
  payload: unknown,
) => (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<Ack>)(event, payload);

/** A text message over the socket, as the web app sends it; the answer is the acknowledgement. */
const sendOver = (socket: TestSocket, payload: unknown) =>
  (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<SendAck>)('send', payload);

const api = (user: User, method: 'GET' | 'POST', path: string, payload?: object) =>
  app.inject({ method, url: path, headers: user.auth, ...(payload ? { payload } : {}) });

const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  ({ app, database } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  sara = await signedInUser(app, messages, { name: 'Sara Ahmed' });
  omar = await signedInUser(app, messages, { name: 'Omar Khalid' });
  stranger = await signedInUser(app, messages, { name: 'Nosy Stranger' });
  conversation = (await api(sara, 'POST', '/api/chat/conversations', { user_id: omar.id })).json().data;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
});

describe('connecting', () => {
  it('refuses a socket without a token, or with a bad one, in the spec words', async () => {
    const none = connect({});
    const error = await new Promise<Error>((resolve) => none.once('connect_error', resolve));
    expect(error.message).toBe(TEXT.socketNoToken);
    const bad = connect({ token: 'not-a-real-token' });
    const refused = await new Promise<Error>((resolve) => bad.once('connect_error', resolve));
    expect(refused.message).toBe(HTTP_TEXT[401]);
  });

  it('closes the sockets of a session that logs out', async () => {
    const person = await signedInUser(app, messages, { name: 'Short Session' });
    const socket = await connected(person.token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await api(person, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const again = connect({ token: person.token });
    const refused = await new Promise<Error>((resolve) => again.once('connect_error', resolve));
    expect(refused.message).toBe(HTTP_TEXT[401]);
  });
});

describe('channels', () => {
  it('lets only participants join a conversation channel or type in it', async () => {
    const nosy = await connected(stranger.token);
    const seen = record(nosy);
    expect(await ask(nosy, 'subscribe', { conversationId: conversation.id })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await ask(nosy, 'typing', { conversationId: conversation.id })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await ask(nosy, 'subscribe', { conversationId: 'x' })).toMatchObject({ ok: false, status: 422 });
    expect(await ask(nosy, 'subscribe', null)).toMatchObject({ ok: false, status: 422 });

    const saraSocket = await connected(sara.token);
    const omarSocket = await connected(omar.token);
    expect(await ask(saraSocket, 'subscribe', { conversationId: conversation.id })).toEqual({ ok: true });
    expect(await ask(omarSocket, 'subscribe', { conversationId: conversation.id })).toEqual({ ok: true });

    const typing = next(omarSocket, 'UserTyping');
    expect(await ask(saraSocket, 'typing', { conversationId: conversation.id })).toEqual({ ok: true });
    expect(await typing).toEqual({
      conversationId: conversation.id,
      userId: sara.id,
      name: 'Sara Ahmed',
      expiresInMs: LIMITS.typingTtlMs,
    });
    const stopped = next(omarSocket, 'UserStoppedTyping');
    await ask(saraSocket, 'stopTyping', { conversationId: conversation.id });
    expect(await stopped).toEqual({ conversationId: conversation.id, userId: sara.id });

    const arrived = next(omarSocket, 'MessageSent');
    const echo = next(saraSocket, 'MessageSent');
    const sent = await api(sara, 'POST', `/api/chat/conversations/${conversation.id}/messages`, {
      content: 'The Olaya office is 240 m²',
    });
    expect((await arrived).message).toMatchObject({
      id: sent.json().data.id,
      content: 'The Olaya office is 240 m²',
    });
    expect((await echo).message.id).toBe(sent.json().data.id);

    const read = next(saraSocket, 'MessageRead');
    await api(omar, 'POST', `/api/chat/conversations/${conversation.id}/read`);
    expect(await read).toMatchObject({
      conversationId: conversation.id,
      userId: omar.id,
      lastReadMessageId: sent.json().data.id,
    });

    const edited = next(omarSocket, 'MessageEdited');
    await app.inject({
      method: 'PUT',
      url: `/api/chat/conversations/${conversation.id}/messages/${sent.json().data.id}`,
      headers: sara.auth,
      payload: { content: 'The Olaya office is 250 m²' },
    });
    expect((await edited).message.content).toBe('The Olaya office is 250 m²');
    const deleted = next(omarSocket, 'MessageDeleted');
    await app.inject({
      method: 'DELETE',
      url: `/api/chat/conversations/${conversation.id}/messages/${sent.json().data.id}`,
      headers: sara.auth,
    });
    expect(await deleted).toMatchObject({ conversationId: conversation.id, messageId: sent.json().data.id });

    await settle();
    expect(seen).toEqual([]);
  });

  it('tells a user of a new conversation and of messages in conversations they have not opened', async () => {
    const a = await signedInUser(app, messages, { name: 'First Writer' });
    const b = await signedInUser(app, messages, { name: 'New Contact' });
    const bSocket = await connected(b.token);
    const c: Conversation = (await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).json().data;
    const message = next(bSocket, 'MessageSent');
    const appeared = next(bSocket, 'NewConversation');
    await api(a, 'POST', `/api/chat/conversations/${c.id}/messages`, { content: 'Hello!' });
    expect((await message).message.content).toBe('Hello!');
    expect((await appeared).conversation).toMatchObject({
      id: c.id,
      unread_count: 1,
      other_participant: { id: a.id },
    });
  });

  it('takes a leaver out of the channel and tells the other side', async () => {
    const a = await signedInUser(app, messages, { name: 'Going Away' });
    const b = await signedInUser(app, messages, { name: 'Staying Here' });
    const c: Conversation = (await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).json().data;
    await api(a, 'POST', `/api/chat/conversations/${c.id}/messages`, { content: 'hi' });
    const aSocket = await connected(a.token);
    const bSocket = await connected(b.token);
    await ask(aSocket, 'subscribe', { conversationId: c.id });
    await ask(bSocket, 'subscribe', { conversationId: c.id });
    const updated = next(bSocket, 'ConversationUpdated');
    await api(a, 'POST', `/api/chat/conversations/${c.id}/leave`);
    expect(await updated).toEqual({ conversationId: c.id, updates: { is_active: false } });
    await settle();
    const seen = record(aSocket);
    await ask(bSocket, 'typing', { conversationId: c.id });
    await settle();
    expect(seen).toEqual([]);
    expect(await ask(aSocket, 'typing', { conversationId: c.id })).toMatchObject({ ok: false, status: 403 });
  });
});

describe('sending over the socket', () => {
  const stored = async (user: User, conversationId: number) =>
    (await api(user, 'GET', `/api/chat/conversations/${conversationId}/messages`)).json().data
      .messages as ChatMessage[];

  it('stores the message, acknowledges it to the sender and delivers it to the other side', async () => {
    const a = await signedInUser(app, messages, { name: 'Socket Sender' });
    const b = await signedInUser(app, messages, { name: 'Socket Reader' });
    const c: Conversation = (await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).json().data;
    const aSocket = await connected(a.token);
    const bSocket = await connected(b.token);
    const arrived = next(bSocket, 'MessageSent');
    const appeared = next(bSocket, 'NewConversation');
    const echo = next(aSocket, 'MessageSent');
    const ack = await sendOver(aSocket, {
      conversationId: c.id,
      content: '  Is the Olaya office free?  ',
      client_id: 'sock-1',
    });
    expect(ack).toMatchObject({
      ok: true,
      created: true,
      message: {
        conversation_id: c.id,
        sender_id: a.id,
        client_id: 'sock-1',
        content: 'Is the Olaya office free?',
        type: 'text',
        sender: { name: 'Socket Sender' },
      },
    });
    if (!ack.ok) throw new Error('refused');
    expect((await arrived).message).toEqual(ack.message);
    expect((await arrived).previousMessageId).toBe(0);
    expect((await echo).message.id).toBe(ack.message.id);
    expect((await appeared).conversation).toMatchObject({ id: c.id, unread_count: 1 });
    expect((await stored(b, c.id)).map((m) => m.id)).toEqual([ack.message.id]);

    // A reply over the socket: quoted, and what came before counts as read by the replier.
    const read = next(aSocket, 'MessageRead');
    const answer = await sendOver(bSocket, {
      conversationId: c.id,
      content: 'Yes',
      reply_to_id: ack.message.id,
    });
    expect(answer).toMatchObject({
      ok: true,
      message: {
        reply_to: { id: ack.message.id, content: 'Is the Olaya office free?', sender_name: 'Socket Sender' },
      },
    });
    expect(await read).toMatchObject({ conversationId: c.id, userId: b.id, messageIds: [ack.message.id] });
    const unread = (await api(b, 'GET', '/api/chat/unread-count')).json().data;
    expect(unread.total).toBe(0);
  });

  it('answers a repeated client id with the message stored the first time, over the socket or HTTP', async () => {
    const c = conversation.id;
    const saraSocket = await connected(sara.token);
    const body = {
      conversationId: c,
      content: 'sent again after a lost answer',
      client_id: 'sock-retry-7c1e',
    };
    const first = await sendOver(saraSocket, body);
    const again = await sendOver(saraSocket, body);
    const together = await Promise.all([sendOver(saraSocket, body), sendOver(saraSocket, body)]);
    const overHttp = await api(sara, 'POST', `/api/chat/conversations/${c}/messages`, {
      content: body.content,
      client_id: body.client_id,
    });
    if (!first.ok || !again.ok) throw new Error('refused');
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, message: { id: first.message.id } });
    expect(together.map((t) => (t.ok ? [t.created, t.message.id] : t))).toEqual([
      [false, first.message.id],
      [false, first.message.id],
    ]);
    expect(overHttp.statusCode).toBe(200);
    expect(overHttp.json().data.id).toBe(first.message.id);
    const all = await stored(sara, c);
    expect(all.filter((m) => m.client_id === body.client_id)).toHaveLength(1);
  });

  it('refuses as HTTP does: not a participant, an unknown conversation, a left conversation', async () => {
    const nosy = await connected(stranger.token);
    const refused = await sendOver(nosy, { conversationId: conversation.id, content: 'let me in' });
    const overHttp = await api(stranger, 'POST', `/api/chat/conversations/${conversation.id}/messages`, {
      content: 'let me in',
    });
    expect(refused).toEqual({
      ok: false,
      status: 404,
      message: formatText(TEXT.conversationNotFound, { id: conversation.id }),
      code: 'conversationNotFound',
      params: { id: conversation.id },
    });
    expect([overHttp.statusCode, overHttp.json().message]).toEqual([404, refused.ok ? '' : refused.message]);
    expect(await sendOver(nosy, { conversationId: 987_654, content: 'hello?' })).toMatchObject({
      ok: false,
      status: 404,
      message: formatText(TEXT.conversationNotFound, { id: 987_654 }),
    });
    expect(await sendOver(nosy, { conversationId: 2_147_483_648, content: 'hello?' })).toMatchObject({
      ok: false,
      status: 404,
    });

    const a = await signedInUser(app, messages, { name: 'Soon Gone' });
    const b = await signedInUser(app, messages, { name: 'Left Behind' });
    const c: Conversation = (await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).json().data;
    const aSocket = await connected(a.token);
    const bSocket = await connected(b.token);
    expect(await sendOver(aSocket, { conversationId: c.id, content: 'bye' })).toMatchObject({ ok: true });
    expect((await api(a, 'POST', `/api/chat/conversations/${c.id}/leave`)).statusCode).toBe(200);
    expect(await sendOver(bSocket, { conversationId: c.id, content: 'wait' })).toEqual({
      ok: false,
      status: 403,
      message: TEXT.conversationLeft,
      code: 'conversationLeft',
    });
    expect(await sendOver(aSocket, { conversationId: c.id, content: 'one more' })).toMatchObject({
      ok: false,
      status: 404,
    });
    const left = (await api(b, 'GET', `/api/chat/conversations/${c.id}/messages`)).json().data.messages;
    expect(left.map((m: ChatMessage) => m.content ?? m.system_event)).toEqual(['bye', 'left']);
  });

  it('checks the payload by the contract, with the same field texts as HTTP', async () => {
    const saraSocket = await connected(sara.token);
    const url = `/api/chat/conversations/${conversation.id}/messages`;
    const bodies: Record<string, unknown>[] = [
      { content: '   ' },
      {},
      { content: 'x'.repeat(LIMITS.chatMessageMax + 1) },
      { content: 42 },
      { content: 'hi', client_id: 'not allowed!' },
      { content: 'hi', client_id: '' },
      { content: 'hi', reply_to_id: 'abc' },
      { content: 'hi', type: 'image' },
    ];
    for (const body of bodies) {
      const ack = await sendOver(saraSocket, { conversationId: conversation.id, ...body });
      const overHttp = await api(sara, 'POST', url, body);
      expect(overHttp.statusCode).toBe(422);
      expect(ack).toEqual({
        ok: false,
        status: 422,
        message: HTTP_TEXT[422],
        errors: overHttp.json().errors,
        codes: overHttp.json().codes,
      });
    }
    expect(await sendOver(saraSocket, { conversationId: conversation.id, content: '' })).toMatchObject({
      errors: { content: [TEXT.messageContentRequired] },
    });
    expect(
      await sendOver(saraSocket, {
        conversationId: conversation.id,
        content: 'x'.repeat(LIMITS.chatMessageMax + 1),
      }),
    ).toMatchObject({ errors: { content: [TEXT.messageTooLong] } });
    for (const payload of [
      { content: 'hi' },
      { conversationId: 'x', content: 'hi' },
      { conversationId: 0, content: 'hi' },
    ]) {
      expect(await sendOver(saraSocket, payload)).toEqual({
        ok: false,
        status: 422,
        message: HTTP_TEXT[422],
        errors: { conversationId: [TEXT.conversationIdRequired] },
        codes: { conversationId: [{ code: 'conversationIdRequired' }] },
      });
    }
    expect(await sendOver(saraSocket, null)).toMatchObject({ ok: false, status: 422 });
    expect(await sendOver(saraSocket, 'hello')).toMatchObject({ ok: false, status: 422 });
  });

  it('refuses a reply to a message of another conversation, or one the sender cleared', async () => {
    const a = await signedInUser(app, messages, { name: 'Replier' });
    const b = await signedInUser(app, messages, { name: 'Elsewhere' });
    const c: Conversation = (await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).json().data;
    const other = await api(sara, 'POST', `/api/chat/conversations/${conversation.id}/messages`, {
      content: 'a message of another conversation',
    });
    const aSocket = await connected(a.token);
    const foreign = await sendOver(aSocket, {
      conversationId: c.id,
      content: 'x',
      reply_to_id: other.json().data.id,
    });
    expect(foreign).toEqual({
      ok: false,
      status: 422,
      message: HTTP_TEXT[422],
      errors: { reply_to_id: [TEXT.messageNotFound] },
      codes: { reply_to_id: [{ code: 'messageNotFound' }] },
    });
    const old = await sendOver(aSocket, { conversationId: c.id, content: 'old' });
    if (!old.ok) throw new Error('refused');
    expect((await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).statusCode).toBe(200);
    await app.inject({
      method: 'DELETE',
      url: '/api/chat/conversations',
      headers: a.auth,
      payload: { conversation_ids: [c.id] },
    });
    expect(
      await sendOver(aSocket, { conversationId: c.id, content: 'x', reply_to_id: old.message.id }),
    ).toMatchObject({
      ok: false,
      status: 422,
      errors: { reply_to_id: [TEXT.messageNotFound] },
    });
    expect((await stored(b, c.id)).map((m) => m.content)).toEqual(['old']);
  });

  it('stores and delivers a text message in one database statement, outside any transaction', async () => {
    const a = await signedInUser(app, messages, { name: 'One Trip' });
    const b = await signedInUser(app, messages, { name: 'Other Side' });
    const c: Conversation = (await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).json().data;
    const aSocket = await connected(a.token);
    const bSocket = await connected(b.token);
    const first = await sendOver(aSocket, {
      conversationId: c.id,
      content: 'first (shows the conversation to b)',
    });
    if (!first.ok) throw new Error('refused');
    await settle();
    // What the app sends to the driver: chat statements (other work, e.g. housekeeping, names none of
    // these tables), and transactions begun.
    type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
    const client = (database.db as unknown as { $client: Queryable }).$client;
    const query = client.query;
    const transaction = database.db.transaction;
    const statements: string[] = [];
    let transactions = 0;
    client.query = (...args: unknown[]) => {
      const text = String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown }).text);
      if (/conversation|messages/.test(text)) statements.push(text);
      return query.apply(client, args);
    };
    database.db.transaction = ((...args: Parameters<typeof transaction>) => {
      transactions += 1;
      return transaction.apply(database.db, args);
    }) as typeof transaction;
    try {
      const arrived = next(bSocket, 'MessageSent');
      const plain = await sendOver(aSocket, { conversationId: c.id, content: 'plain' });
      await arrived;
      const quoted = next(bSocket, 'MessageSent');
      const reply = await sendOver(bSocket, {
        conversationId: c.id,
        content: 'a reply',
        reply_to_id: first.message.id,
      });
      expect((await quoted).message.reply_to).toMatchObject({
        id: first.message.id,
        sender_name: 'One Trip',
      });
      expect([plain.ok, reply.ok]).toEqual([true, true]);
    } finally {
      client.query = query;
      database.db.transaction = transaction;
    }
    expect(transactions).toBe(0);
    expect(statements).toHaveLength(2);
  });

  it('numbers messages sent at once from both sides in order: each names the one before it', async () => {
    const a = await signedInUser(app, messages, { name: 'Fast One' });
    const b = await signedInUser(app, messages, { name: 'Fast Two' });
    const c: Conversation = (await api(a, 'POST', '/api/chat/conversations', { user_id: b.id })).json().data;
    const aSocket = await connected(a.token);
    const bSocket = await connected(b.token);
    const watcher = await connected(b.token);
    expect(await ask(watcher, 'subscribe', { conversationId: c.id })).toEqual({ ok: true });
    const events: MessageSentEvent[] = [];
    watcher.on('MessageSent', (event) => events.push(event));
    const read: number[] = [];
    watcher.on('MessageRead', (event) => {
      if (event.userId === a.id) read.push(...event.messageIds);
    });
    const burst = (socket: TestSocket, who: string) =>
      Array.from({ length: 15 }, (_, i) =>
        sendOver(socket, { conversationId: c.id, content: `${who} ${i}` }),
      );
    const acks = await Promise.all([...burst(aSocket, 'a'), ...burst(bSocket, 'b'), ...burst(aSocket, 'a2')]);
    expect(acks.every((ack) => ack.ok)).toBe(true);
    await settle();
    const ids = events.map((e) => e.message.id).sort((x, y) => x - y);
    expect(ids).toHaveLength(45);
    const previous = new Map(events.map((e) => [e.message.id, e.previousMessageId]));
    expect(ids.map((id) => previous.get(id))).toEqual([0, ...ids.slice(0, -1)]);
    // Every message of b that a's sends passed is reported read once, and a's marker is a's last one.
    const fromB = events.filter((e) => e.message.sender_id === b.id).map((e) => e.message.id);
    const lastOfA = Math.max(...events.filter((e) => e.message.sender_id === a.id).map((e) => e.message.id));
    expect([...read].sort((x, y) => x - y)).toEqual(fromB.filter((id) => id < lastOfA).sort((x, y) => x - y));
    const view = (await api(a, 'GET', `/api/chat/conversations/${c.id}`)).json().data;
    expect(view.last_read_message_id).toBe(lastOfA);
  });
});

describe('a session that runs out while its socket is open', () => {
  it('may not send: the answer is 401, the socket is closed, and nothing is stored', async () => {
    const { clock, advance } = manualClock(new Date().toISOString());
    const own = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms, clock });
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const ownUrl = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
      const a = await signedInUser(own.app, messages, { name: 'Lapsing Sender' });
      const b = await signedInUser(own.app, messages, { name: 'Patient Reader' });
      const c: Conversation = (
        await own.app.inject({
          method: 'POST',
          url: '/api/chat/conversations',
          headers: a.auth,
          payload: { user_id: b.id },
        })
      ).json().data;
      const socket = openSocket(ownUrl, a.token);
      sockets.push(socket);
      await whenConnected(socket);
      const before = await sendOver(socket, { conversationId: c.id, content: 'still signed in' });
      expect(before.ok).toBe(true);

      advance(LIMITS.tokenTtlMs + 1000);
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      const after = await sendOver(socket, { conversationId: c.id, content: 'after the session ended' });
      expect(after).toEqual({ ok: false, status: 401, message: HTTP_TEXT[401] });
      await closed;
      // Read straight from the database: every session of this clock has run out by now.
      const rows = await own.database.db.execute(
        sql`select content from messages where conversation_id = ${c.id} order by id`,
      );
      const contents = z
        .object({ rows: z.array(z.object({ content: z.string() })) })
        .parse(rows)
        .rows.map((r) => r.content);
      expect(contents).toContain('still signed in');
      expect(contents).not.toContain('after the session ended');
    } finally {
      await own.app.close();
    }
  });
});
