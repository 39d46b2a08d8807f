import type { AddressInfo } from 'node:net';
import type { Conversation } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import {
  type Ack,
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@makan/contract/realtime';
import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type User = Awaited<ReturnType<typeof signedInUser>>;

const messages = capturedMessages();
let app: App;
let url: string;
let sara: User;
let omar: User;
let stranger: User;
let conversation: Conversation;
const sockets: Client[] = [];

function connect(auth: Record<string, unknown>): Client {
  const socket: Client = io(url, { path: SOCKET_PATH, transports: ['websocket'], auth, reconnection: false });
  sockets.push(socket);
  return socket;
}

async function connected(token: string): Promise<Client> {
  const socket = connect({ token });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Everything a socket receives, by event name. */
function record(socket: Client) {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

function next<E extends keyof ServerToClientEvents>(socket: Client, event: E, timeoutMs = 5000) {
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
  socket: Client,
  event: 'subscribe' | 'unsubscribe' | 'typing' | 'stopTyping',
  payload: unknown,
) => (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<Ack>)(event, payload);

const api = (user: User, method: 'GET' | 'POST', path: string, payload?: object) =>
  app.inject({ method, url: path, headers: user.auth, ...(payload ? { payload } : {}) });

const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  ({ app } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
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
