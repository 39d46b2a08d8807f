import type { ChatMessage } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import type { SendAck } from '@makan/contract/realtime';
import { CLIENT_EVENTS } from '@makan/contract/realtime-events';
import { ApiError, http, kindOfStatus } from '../../../lib/http.ts';
import { type RealtimeSocket, realtime } from '../../../lib/realtime.ts';
import { messageReader, readSendAck } from './readers.ts';

export interface SendTextInput {
  conversationId: number;
  content: string;
  replyToId: number | null;
  /** Chosen by this device; the same client id twice is the same message (safe to retry). */
  clientId: string;
}

/** POST /api/chat/conversations/{id}/messages: 201 new, 200 when the client id was already stored. */
export async function postMessage({ conversationId, content, replyToId, clientId }: SendTextInput) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/messages`, {
    method: 'POST',
    body: { content, type: 'text', client_id: clientId, ...(replyToId ? { reply_to_id: replyToId } : {}) },
    schema: messageReader,
    toast: 'none',
  });
  return data;
}

export interface SendTransport {
  /** The live connection, if any. */
  socket: () => RealtimeSocket | null;
  post: (input: SendTextInput) => Promise<ChatMessage>;
  ackTimeoutMs: number;
}

const defaultTransport: SendTransport = {
  socket: () => realtime.getSocket(),
  post: postMessage,
  ackTimeoutMs: LIMITS.socketSendAckMs,
};

/** The socket's answer to `send`; undefined when none came in time (or none that could be read). */
async function askSocket(socket: RealtimeSocket, input: SendTextInput, timeoutMs: number) {
  try {
    const answer: unknown = await socket.timeout(timeoutMs).emitWithAck(CLIENT_EVENTS.send, {
      conversationId: input.conversationId,
      content: input.content,
      type: 'text',
      client_id: input.clientId,
      ...(input.replyToId ? { reply_to_id: input.replyToId } : {}),
    });
    return readSendAck(answer);
  } catch {
    // No acknowledgement in time, or the connection dropped before it came.
    return undefined;
  }
}

/**
 * Sends a text message: over the socket when it is connected (no HTTP request, and no token check
 * per message on the server), else, or when the socket does not answer in time, with the POST. The
 * client id is the same either way, so a message that did reach the server is answered, not stored
 * twice. A refusal over the socket is the ApiError the POST would have thrown.
 */
export async function sendMessage(
  input: SendTextInput,
  transport: SendTransport = defaultTransport,
): Promise<ChatMessage> {
  const socket = transport.socket();
  const answer: SendAck | undefined = socket?.connected
    ? await askSocket(socket, input, transport.ackTimeoutMs)
    : undefined;
  // No answer in time, or the session ran out (the POST then meets the 401 and signs out as usual).
  if (!answer || (!answer.ok && answer.status === 401)) return transport.post(input);
  if (answer.ok) return answer.message;
  throw new ApiError({
    kind: kindOfStatus(answer.status),
    status: answer.status,
    message: answer.message,
    code: answer.code,
    params: answer.params,
    errors: answer.errors,
    codes: answer.codes,
  });
}
