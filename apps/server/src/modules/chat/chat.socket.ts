import { LIMITS } from '@makan/contract/limits';
import { type Ack, conversationChannel, conversationRef } from '@makan/contract/realtime';
import { HTTP_TEXT } from '@makan/contract/texts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
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
const answer = (ack: unknown, result: Ack) => {
  if (typeof ack === 'function') ack(result);
};
const invalid: Ack = { ok: false, status: 422, message: HTTP_TEXT[422] };
const notJoined: Ack = { ok: false, status: 403, message: HTTP_TEXT[403] };

function failure(err: unknown): Ack {
  if (err instanceof AppError) return { ok: false, status: err.statusCode, message: err.message };
  return { ok: false, status: 500, message: HTTP_TEXT[500] };
}

/**
 * What a client may ask over the socket: join or leave a conversation's channel (participants
 * only, checked against the database) and say it is typing there (only in a channel it joined).
 * Every payload is checked with the contract's schema; every answer is an acknowledgement.
 */
export function chatSocket(
  io: RealtimeServer,
  {
    chat,
    names,
    log,
  }: { chat: ChatService; names: (userId: number) => Promise<string>; log: FastifyBaseLogger },
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
        if (!(err instanceof AppError)) log.error({ err }, 'subscribe failed');
        answer(ack, failure(err));
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
