import { LIMITS } from '@makan/contract/limits';
import {
  type Ack,
  type AckFailure,
  type ClientToServerEvents,
  conversationChannel,
  conversationRef,
  foregroundPayload,
  type SendAck,
  sendMessagePayload,
} from '@makan/contract/realtime';
import { HTTP_TEXT } from '@makan/contract/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { checkPayload, clientFailure } from '../../plugins/errors.ts';
import type { RealtimeServer, RealtimeSocket } from '../../plugins/realtime.ts';
import type { ChatAccess } from './chat-access.service.ts';
import type { MessagesService } from './messages.service.ts';

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
  const { message, code, params, errors, codes } = known.body;
  return {
    ok: false,
    status: known.status,
    message,
    ...(code ? { code } : {}),
    ...(params ? { params } : {}),
    ...(errors ? { errors } : {}),
    ...(codes ? { codes } : {}),
    ...(err instanceof TooManyRequests ? { retry_after: err.retryAfterSeconds } : {}),
  };
}

/**
 * What a client may ask over the socket: join or leave a conversation's channel (participants
 * only, checked against the database), say it is typing there (only in a channel it joined), and
 * send a text message (exactly what `POST …/messages` does, without a request and a token look-up
 * per message: the socket was authenticated at connect, and closed when its session ends), and say
 * whether its tab is in front (issue 22: messages are not pushed to someone looking at the app).
 * Every payload is checked with the contract's schema; every answer is an acknowledgement.
 */
export function chatSocket(
  io: RealtimeServer,
  {
    access,
    messages,
    names,
    log,
    clock,
  }: {
    access: ChatAccess;
    messages: MessagesService;
    names: (userId: number) => Promise<string>;
    log: FastifyBaseLogger;
    clock: Clock;
  },
) {
  /** A socket's typing state, kept only for sockets that have typed (most never do). */
  const typing = new WeakMap<RealtimeSocket, { last: number; name?: Promise<string> | undefined }>();

  type Handle = (
    socket: RealtimeSocket,
    payload: unknown,
  ) => Promise<Ack | SendAck | undefined> | Ack | SendAck | undefined;

  const handlers: Record<keyof ClientToServerEvents, Handle> = {
    subscribe: async (socket, payload) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return invalid;
      await access.membership(socket.data.userId, conversationId);
      await socket.join(conversationChannel(conversationId));
      return { ok: true };
    },

    send: async (socket, payload) => {
      // Logout and password resets close sockets; a session that simply ran out must not write either.
      if (clock.now().getTime() >= socket.data.expiresAt) {
        // Closed once the refusal has been answered.
        setImmediate(() => socket.disconnect(true));
        return expired;
      }
      const parsed = checkPayload(sendMessagePayload, payload);
      if (!parsed.success) {
        const { errors, codes } = parsed.failures;
        return { ...invalid, errors, ...(codes ? { codes } : {}) };
      }
      const { conversationId, ...body } = parsed.data;
      const { message, created } = await messages.send(socket.data.userId, conversationId, body);
      return { ok: true, message, created };
    },

    unsubscribe: async (socket, payload) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return invalid;
      await socket.leave(conversationChannel(conversationId));
      return { ok: true };
    },

    typing: async (socket, payload) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return invalid;
      const room = conversationChannel(conversationId);
      if (!socket.rooms.has(room)) return notJoined;
      const userId = socket.data.userId;
      let state = typing.get(socket);
      if (!state) {
        state = { last: 0 };
        typing.set(socket, state);
      }
      const now = Date.now();
      if (now - state.last >= TYPING_MIN_GAP_MS) {
        state.last = now;
        state.name ??= names(userId);
        // A failed look-up is tried again by the next typing event, not kept.
        const shown = await state.name.catch((err: unknown) => {
          state.name = undefined;
          throw err;
        });
        socket.to(room).emit('UserTyping', {
          conversationId,
          userId,
          name: shown,
          expiresInMs: LIMITS.typingTtlMs,
        });
      }
      return { ok: true };
    },

    foreground: (socket, payload) => {
      const parsed = checkPayload(foregroundPayload, payload);
      if (!parsed.success) {
        const { errors, codes } = parsed.failures;
        return { ...invalid, errors, ...(codes ? { codes } : {}) };
      }
      socket.data.inFront = parsed.data.visible;
      return { ok: true };
    },

    stopTyping: (socket, payload) => {
      const conversationId = parse(payload);
      if (conversationId === undefined) return invalid;
      const room = conversationChannel(conversationId);
      if (!socket.rooms.has(room)) return notJoined;
      const state = typing.get(socket);
      if (state) state.last = 0;
      socket.to(room).emit('UserStoppedTyping', { conversationId, userId: socket.data.userId });
      return { ok: true };
    },
  };
  const isEvent = (event: unknown): event is keyof ClientToServerEvents =>
    typeof event === 'string' && Object.hasOwn(handlers, event);

  /**
   * Every client event the same way, by one function shared by all sockets (Socket.IO calls it with
   * the socket as `this`): a socket keeps no listener of its own, which is most of what an idle socket
   * would hold of this module. The handler's answer goes to the acknowledgement (when the client sent
   * a callback); anything it throws is answered as the same call over HTTP would be, and logged when
   * it is the server's fault. Nothing a client sends can reject out of a listener (an unhandled
   * rejection would end the process); an event of another name is ignored.
   */
  function dispatch(this: RealtimeSocket, event: unknown, ...args: unknown[]) {
    if (!isEvent(event)) return;
    const handle = handlers[event];
    // Socket.IO passes the acknowledgement last, whatever came before it: a client that sent no
    // payload, or extra arguments, still gets its answer (and a payload of the wrong shape).
    const ack = typeof args.at(-1) === 'function' ? args.at(-1) : undefined;
    const payload = args.length > (ack ? 1 : 0) ? args[0] : undefined;
    new Promise<Ack | SendAck | undefined>((resolve) => resolve(handle(this, payload))).then(
      (result) => {
        if (result) answer(ack, result);
      },
      (err: unknown) => {
        const answered = failure(err);
        if (answered.status >= 500) log.error({ err, event }, 'socket event failed');
        answer(ack, answered);
      },
    );
  }

  io.on('connection', (socket: RealtimeSocket) => {
    socket.onAny(dispatch);
  });
}
