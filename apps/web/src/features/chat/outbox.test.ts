import { LIMITS } from '@makan/contract/limits';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { conversationFixture, messageFixture, sara } from '../../test/chat-fixtures.ts';
import { checkChatFile, retry, send } from './outbox.ts';
import { createChatStore, initialChatState, receiveMessage, setConversations, setMessages } from './store.ts';

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

describe('file checks', () => {
  it('refuses other types and files over 10 MB', () => {
    expect(checkChatFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(checkChatFile(new File(['x'], 'a.exe', { type: 'application/x-msdownload' }))).toBe(
      'File type not allowed',
    );
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: LIMITS.fileMaxBytes + 1 });
    expect(checkChatFile(big)).toBe('File is too large. Maximum size is 10MB');
  });
});
