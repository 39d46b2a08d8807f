import { LIMITS } from '@makan/contract/limits';
import {
  type Ack,
  type AckFailure,
  conversationChannel,
  conversationRef,
  type SendAck,
  sendMessagePayload,
} from '@makan/contract/realtime';
import { HTTP_TEXT } from '@makan/contract/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { checkPayload, clientFailure } from '../../plugins/errors.ts';
import type { RealtimeServer, RealtimeSocket } from '../../plugins/realtime.ts';
import type { ChatService } from './chat.service.ts';

/** Typing events of one socket closer together than this are dropped. */
const TYPING_MIN_GAP_MS = 500;

// Shared by every connection: a server holds thousands of idle sockets, so each one keeps only its
// handlers and its own state.
const parse = (payload: unknown) => {
  const parsed = conversationRef.safeParse(payload);
  return parsed.success ? parsed.data.conversationId : undefined;
};
const answer = (ack: unknown, result: Ack | SendAck) => {
  if (typeof ack === 'function') ack(result);
};
const invalid: AckFailure = { ok: false, status: 422, message: HTTP_TEXT[422] };
const notJoined: AckFailure = { ok: false, status: 403, message: HTTP_TEXT[403] };
const expired: AckFailure = { ok: false, status: 401, message: HTTP_TEXT[401] };

/** What the same call over HTTP would answer (status, texts, field errors); anything unknown is a 500. */
function failure(err: unknown): AckFailure {
  const known = clientFailure(err);
  if (!known) return { ok: false, status: 500, message: HTTP_TEXT[500] };
  const { message, errors } = known.body;
  return { ok: false, status: known.status, message, ...(errors ? { errors } : {}) };
}

/**
 * What a client may ask over the socket: join or leave a conversation's channel (participants
 * only, checked against the database), say it is typing there (only in a channel it joined), and
 * send a text message (exactly what `POST …/messages` does, without a request and a token look-up
 * per message: the socket was authenticated at connect, and closed when its session ends).
 * Every payload is checked with the contract's schema; every answer is an acknowledgement.
 */
export function chatSocket(
  io: RealtimeServer,
  {
    chat,
    names,
    log,
    clock,
  }: { chat: ChatService; names: (userId: number) => Promise<string>; log: FastifyBaseLogger; clock: Clock },
) {
  io.on('connection', (socket: RealtimeSocket) => {
    const userId = socket.data.userId;
    let lastTyping = 0;
    let name: Promise<string> | undefined;

    socket.on('subscribe', async (payload, ack) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return answer(ack, invalid);
      try {
        await chat.membership(userId, conversationId);
        await socket.join(conversationChannel(conversationId));
        answer(ack, { ok: true });
      } catch (err) {
        const answered = failure(err);
        if (answered.status >= 500) log.error({ err }, 'subscribe failed');
        answer(ack, answered);
      }
    });

    socket.on('send', async (payload, ack) => {
      // Logout and password resets close sockets; a session that simply ran out must not write either.
      if (clock.now().getTime() >= socket.data.expiresAt) {
        answer(ack, expired);
        socket.disconnect(true);
        return;
      }
      const parsed = checkPayload(sendMessagePayload, payload);
      if (!parsed.success) return answer(ack, { ...invalid, errors: parsed.errors });
      const { conversationId, ...body } = parsed.data;
      try {
        const { message, created } = await chat.send(userId, conversationId, body);
        answer(ack, { ok: true, message, created });
      } catch (err) {
        const answered = failure(err);
        if (answered.status >= 500) log.error({ err }, 'send failed');
        answer(ack, answered);
      }
    });

    socket.on('unsubscribe', async (payload, ack) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return answer(ack, invalid);
      await socket.leave(conversationChannel(conversationId));
      answer(ack, { ok: true });
    });

    socket.on('typing', async (payload, ack) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return answer(ack, invalid);
      const room = conversationChannel(conversationId);
      if (!socket.rooms.has(room)) return answer(ack, notJoined);
      const now = Date.now();
      if (now - lastTyping >= TYPING_MIN_GAP_MS) {
        lastTyping = now;
        name ??= names(userId);
        socket.to(room).emit('UserTyping', {
          conversationId,
          userId,
          name: await name,
          expiresInMs: LIMITS.typingTtlMs,
        });
      }
      answer(ack, { ok: true });
    });

    socket.on('stopTyping', (payload, ack) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return answer(ack, invalid);
      const room = conversationChannel(conversationId);
      if (!socket.rooms.has(room)) return answer(ack, notJoined);
      lastTyping = 0;
      socket.to(room).emit('UserStoppedTyping', { conversationId, userId });
      answer(ack, { ok: true });
    });
  });
}
