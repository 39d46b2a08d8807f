import { z } from 'zod';
import { conversationSchema, messageSchema, presenceSchema, sendMessageRequest } from './chat.ts';
import { failureSchema, fieldErrorsSchema } from './envelope.ts';
import type { NotificationsChangedEvent } from './notifications.ts';
import { TEXT } from './texts.ts';

export {
  CLIENT_EVENTS,
  conversationChannel,
  SERVER_EVENTS,
  SOCKET_PATH,
  userChannel,
} from './realtime-events.ts';

export const foregroundPayload = z.object({ visible: z.boolean() });
export type ForegroundPayload = z.infer<typeof foregroundPayload>;

/**
 * `previousMessageId`: the conversation's message before this one (0: none). Events can arrive out
 * of id order (they are published after the commit, by whichever process stored them); a client
 * that does not hold the previous message fetches `after=` its highest id instead of waiting.
 */
export const messageSentEvent = z.object({ message: messageSchema, previousMessageId: z.number().int() });
export const messageReadEvent = z.object({
  conversationId: z.number().int(),
  /** The reader's messages-read marker now. */
  lastReadMessageId: z.number().int(),
  /** Messages newly read (at most the last 1000). */
  messageIds: z.array(z.number().int()),
  userId: z.number().int(),
});
export const userTypingEvent = z.object({
  conversationId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  /** Forget the indicator after this long unless another typing event comes. */
  expiresInMs: z.number().int(),
});
export const userStoppedTypingEvent = z.object({
  conversationId: z.number().int(),
  userId: z.number().int(),
});
export const newConversationEvent = z.object({ conversation: conversationSchema });
export const conversationUpdatedEvent = z.object({
  conversationId: z.number().int(),
  updates: conversationSchema.partial(),
});
export const messageEditedEvent = z.object({ message: messageSchema });
export const messageDeletedEvent = z.object({
  conversationId: z.number().int(),
  messageId: z.number().int(),
  message: messageSchema,
});

/**
 * A conversation partner came online, went offline (`last_seen_at` set), or hid their presence
 * (offline, `last_seen_at` null). Sent to the user channels of the people who share a conversation
 * with them and show their own presence. A hint like every event: clients ask
 * `GET /api/chat/presence` again after a reconnect.
 */
export const presenceChangedEvent = presenceSchema;

export type MessageSentEvent = z.infer<typeof messageSentEvent>;
export type MessageReadEvent = z.infer<typeof messageReadEvent>;
export type UserTypingEvent = z.infer<typeof userTypingEvent>;
export type UserStoppedTypingEvent = z.infer<typeof userStoppedTypingEvent>;
export type NewConversationEvent = z.infer<typeof newConversationEvent>;
export type ConversationUpdatedEvent = z.infer<typeof conversationUpdatedEvent>;
export type MessageEditedEvent = z.infer<typeof messageEditedEvent>;
export type MessageDeletedEvent = z.infer<typeof messageDeletedEvent>;
export type PresenceChangedEvent = z.infer<typeof presenceChangedEvent>;

/** The payload of every client event: which conversation. Validated by the server. */
export const conversationRef = z.object({ conversationId: z.number().int().positive() });
export type ConversationRef = z.infer<typeof conversationRef>;

/**
 * A refusal, as the HTTP envelope would give it: the status the same call over HTTP answers, the
 * catalogue's text (and its key), for a 422 the messages of each field (and theirs), and for a 429
 * when to try again.
 */
export const ackFailure = z.object({
  ok: z.literal(false),
  status: z.number().int(),
  message: z.string(),
  code: failureSchema.shape.code,
  params: failureSchema.shape.params,
  errors: fieldErrorsSchema.optional(),
  codes: failureSchema.shape.codes,
  /** For a 429: seconds to wait before trying again (what HTTP says in Retry-After). */
  retry_after: z.number().int().positive().optional(),
});
export type AckFailure = z.infer<typeof ackFailure>;
export type Ack = { ok: true } | AckFailure;

/**
 * `send`: a text message over the socket, the same as `POST /api/chat/conversations/{id}/messages`
 * with the same body (and the same rules, texts and idempotency by `client_id`), plus the
 * conversation's id. Clients with a connected socket send this way: no HTTP request and no token
 * look-up per message (the socket was authenticated at connect).
 */
export const sendMessagePayload = sendMessageRequest.extend({
  conversationId: z
    .number({ error: TEXT.conversationIdRequired })
    .int({ error: TEXT.conversationIdRequired })
    .positive({ error: TEXT.conversationIdRequired }),
});
export type SendMessagePayload = z.input<typeof sendMessagePayload>;

/** The answer to `send`: the stored message (`created` false: the client id was already stored). */
export const sendAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: messageSchema, created: z.boolean() }),
  ackFailure,
]);
export type SendAck = z.infer<typeof sendAck>;

export interface ServerToClientEvents {
  MessageSent: (event: MessageSentEvent) => void;
  MessageRead: (event: MessageReadEvent) => void;
  UserTyping: (event: UserTypingEvent) => void;
  UserStoppedTyping: (event: UserStoppedTypingEvent) => void;
  NewConversation: (event: NewConversationEvent) => void;
  ConversationUpdated: (event: ConversationUpdatedEvent) => void;
  MessageEdited: (event: MessageEditedEvent) => void;
  MessageDeleted: (event: MessageDeletedEvent) => void;
  PresenceChanged: (event: PresenceChangedEvent) => void;
  NotificationsChanged: (event: NotificationsChangedEvent) => void;
}

export interface ClientToServerEvents {
  subscribe: (ref: ConversationRef, ack: (result: Ack) => void) => void;
  unsubscribe: (ref: ConversationRef, ack: (result: Ack) => void) => void;
  typing: (ref: ConversationRef, ack?: (result: Ack) => void) => void;
  stopTyping: (ref: ConversationRef, ack?: (result: Ack) => void) => void;
  send: (payload: SendMessagePayload, ack: (result: SendAck) => void) => void;
  foreground: (payload: ForegroundPayload, ack?: (result: Ack) => void) => void;
}
