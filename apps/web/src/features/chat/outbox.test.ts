import { LIMITS } from '@makan/contract/limits';
import { HTTP_TEXT, TEXT, textOf } from '@makan/contract/texts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import type { RealtimeSocket } from '../../lib/realtime.ts';
import { conversationFixture, messageFixture, sara } from '../../test/chat-fixtures.ts';
import { type SendTextInput, type SendTransport, sendMessage } from './api/send-message.ts';
import { checkChatFile, retry, send } from './outbox.ts';
import { initialChatState } from './state/chat-state.ts';
import { setConversations } from './state/conversations.ts';
import { receiveMessage, setMessages } from './state/messages.ts';
import { createChatStore } from './store.ts';

const me = { id: sara.id, name: sara.name, avatar: null };

function store() {
  const s = createChatStore();
  s.update(() => setMessages(setConversations(initialChatState, [conversationFixture()]), 10, [], false));
  return s;
}

describe('sending', () => {
  it('shows the message pending at once, then the stored one in its place', async () => {
    const chat = store();
    let resolve: (value: ReturnType<typeof messageFixture>) => void = () => {};
    const sendMessage = vi.fn(
      () =>
        new Promise<ReturnType<typeof messageFixture>>((r) => {
          resolve = r;
        }),
    );
    const done = send({ conversationId: 10, content: 'Hello', replyTo: null }, me, {
      store: chat,
      sendMessage,
    });
    const [pending] = chat.get().messages[10] ?? [];
    expect(pending?.outgoing?.status).toBe('pending');
    expect(pending?.id).toBeLessThan(0);
    const clientId = pending?.client_id ?? '';
    expect(clientId).toMatch(/^[\w-]+$/);
    expect(sendMessage).toHaveBeenCalledWith({
      conversationId: 10,
      content: 'Hello',
      replyToId: null,
      clientId,
    });
    resolve(
      messageFixture({ id: 9, sender_id: sara.id, sender: sara, client_id: clientId, content: 'Hello' }),
    );
    await done;
    expect(chat.get().messages[10]?.map((m) => [m.id, m.outgoing?.status])).toEqual([[9, undefined]]);
  });

  it('the echo arriving before the answer leaves one message', async () => {
    const chat = store();
    let clientId = '';
    const sendMessage = vi.fn(async (input: { clientId: string }) => {
      clientId = input.clientId;
      const stored = messageFixture({ id: 9, sender_id: sara.id, sender: sara, client_id: clientId });
      chat.update((state) => receiveMessage(state, stored, { userId: sara.id, visible: true }));
      return stored;
    });
    await send({ conversationId: 10, content: 'Hi', replyTo: null }, me, { store: chat, sendMessage });
    expect(chat.get().messages[10]?.map((m) => m.id)).toEqual([9]);
  });

  it('fails with the error; Retry sends again under the same client id', async () => {
    const chat = store();
    const error = new ApiError({ kind: 'network', status: 0 });
    const sendMessage = vi.fn().mockRejectedValueOnce(error);
    await send({ conversationId: 10, content: 'Hi', replyTo: null }, me, { store: chat, sendMessage });
    const failed = chat.get().messages[10]?.[0];
    expect(failed?.outgoing?.status).toBe('failed');
    expect(failed?.outgoing?.error).toBe(error);
    const clientId = failed?.client_id;
    sendMessage.mockResolvedValueOnce(
      messageFixture({ id: 4, sender_id: sara.id, sender: sara, client_id: clientId ?? null }),
    );
    if (failed) await retry(failed, me, { store: chat, sendMessage });
    expect(sendMessage.mock.calls[1]?.[0]).toMatchObject({ clientId });
    expect(chat.get().messages[10]?.map((m) => m.id)).toEqual([4]);
  });

  it('a failed upload is retried as an upload', async () => {
    const chat = store();
    const file = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    const sendFile = vi.fn().mockRejectedValueOnce(new ApiError({ kind: 'network', status: 0 }));
    await send({ conversationId: 10, content: '', replyTo: null, file }, me, { store: chat, sendFile });
    const failed = chat.get().messages[10]?.[0];
    expect(failed?.type).toBe('file');
    sendFile.mockResolvedValueOnce(
      messageFixture({
        id: 5,
        type: 'file',
        sender_id: sara.id,
        sender: sara,
        client_id: failed?.client_id ?? null,
      }),
    );
    if (failed) await retry(failed, me, { store: chat, sendFile });
    expect(sendFile.mock.calls[1]?.[0]).toMatchObject({ file, clientId: failed?.client_id });
  });
});

describe('the way a text message goes', () => {
  /** A socket that answers `send` with what `answer` gives (or throws, as a timeout does). */
  function fakeSocket(answer: (payload: { client_id: string }) => Promise<unknown>, connected = true) {
    const emitted: [string, unknown][] = [];
    const socket = {
      connected,
      timeout: () => ({
        emitWithAck: async (event: string, payload: { client_id: string }) => {
          emitted.push([event, payload]);
          return answer(payload);
        },
      }),
    };
    return { socket: socket as unknown as RealtimeSocket, emitted };
  }
  const stored = (input: { clientId: string }, id: number) =>
    messageFixture({ id, sender_id: sara.id, sender: sara, client_id: input.clientId, content: 'Hi' });
  const through = (socket: RealtimeSocket, post: SendTransport['post']) => ({
    sendMessage: (input: SendTextInput) =>
      sendMessage(input, { socket: () => socket, post, ackTimeoutMs: 50 }),
  });

  it('goes over the connected socket; the acknowledged message replaces the pending one', async () => {
    const chat = store();
    const post = vi.fn<SendTransport['post']>();
    const { socket, emitted } = fakeSocket(async (payload) => ({
      ok: true,
      created: true,
      message: stored({ clientId: payload.client_id }, 12),
    }));
    await send({ conversationId: 10, content: 'Hi', replyTo: null }, me, {
      store: chat,
      ...through(socket, post),
    });
    expect(post).not.toHaveBeenCalled();
    const clientId = chat.get().messages[10]?.[0]?.client_id;
    expect(emitted).toEqual([
      ['send', { conversationId: 10, content: 'Hi', type: 'text', client_id: clientId }],
    ]);
    expect(chat.get().messages[10]?.map((m) => [m.id, m.outgoing?.status])).toEqual([[12, undefined]]);
  });

  it('goes over HTTP, under the same client id, when the socket does not answer in time or is down', async () => {
    const chat = store();
    const post = vi.fn<SendTransport['post']>(async (input) => stored(input, 13));
    const silent = fakeSocket(() => Promise.reject(new Error('operation has timed out')));
    await send({ conversationId: 10, content: 'Hi', replyTo: null }, me, {
      store: chat,
      ...through(silent.socket, post),
    });
    const sentOver = silent.emitted[0]?.[1] as { client_id: string } | undefined;
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ clientId: sentOver?.client_id }));
    expect(chat.get().messages[10]?.map((m) => m.id)).toEqual([13]);

    const down = fakeSocket(() => Promise.reject(new Error('never asked')), false);
    await send({ conversationId: 10, content: 'Hi', replyTo: null }, me, {
      store: chat,
      ...through(down.socket, post),
    });
    expect(down.emitted).toEqual([]);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('a session that ran out on the socket goes over HTTP, where the 401 signs out as everywhere else', async () => {
    const chat = store();
    const post = vi.fn<SendTransport['post']>(async (input) => stored(input, 14));
    const { socket } = fakeSocket(async () => ({ ok: false, status: 401, message: HTTP_TEXT[401] }));
    await send({ conversationId: 10, content: 'Hi', replyTo: null }, me, {
      store: chat,
      ...through(socket, post),
    });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refusal over the socket fails the message with the error the POST would have given', async () => {
    const chat = store();
    const post = vi.fn<SendTransport['post']>();
    const { socket } = fakeSocket(async () => ({
      ok: false,
      status: 422,
      message: HTTP_TEXT[422],
      errors: { content: [TEXT.messageTooLong] },
    }));
    await send({ conversationId: 10, content: 'Hi', replyTo: null }, me, {
      store: chat,
      ...through(socket, post),
    });
    expect(post).not.toHaveBeenCalled();
    const error = chat.get().messages[10]?.[0]?.outgoing?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'validation',
      status: 422,
      errors: { content: [TEXT.messageTooLong] },
    });
  });
});

describe('file checks', () => {
  it('refuses other types and files over 10 MB', () => {
    expect(checkChatFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(checkChatFile(new File(['x'], 'a.exe', { type: 'application/x-msdownload' }))).toEqual({
      code: 'chatFileType',
    });
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: LIMITS.fileMaxBytes + 1 });
    const tooLarge = checkChatFile(big);
    expect(tooLarge).toEqual({ code: 'chatFileTooLarge', params: { size: '10MB' } });
    expect(tooLarge && textOf(tooLarge)).toBe('File is too large. Maximum size is 10MB');
  });
});
