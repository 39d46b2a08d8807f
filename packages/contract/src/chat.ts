import { z } from 'zod';
import { person } from './auth.ts';
import { MESSAGE_STATUSES, MESSAGE_TYPES, SYSTEM_EVENTS } from './chat-kinds.ts';
import { refineText } from './issue-codes.ts';
import { LIMITS } from './limits.ts';
import { formatText, TEXT } from './texts.ts';

export {
  CHAT_FILE_ACCEPT,
  CHAT_FILE_TYPES,
  type ChatFileMime,
  chatFileMaxLabel,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type MessageStatus,
  type MessageType,
  SYSTEM_EVENTS,
  type SystemEvent,
} from './chat-kinds.ts';

const id = z.number().int();

export const chatUser = person;
export type ChatUser = z.infer<typeof chatUser>;

export const chatAttachment = z.object({
  id,
  /** Signed, time-limited address of the file (images: the re-encoded full size). */
  url: z.string(),
  /** Images only: a 480 px wide preview. */
  preview_url: z.string().nullable(),
  file_name: z.string(),
  file_size: z.number().int(),
  file_extension: z.string(),
  mime_type: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ChatAttachment = z.infer<typeof chatAttachment>;

/** The message a reply points at, as much as a quote needs. */
export const replyPreview = z.object({
  id,
  /** Null when the sender's account was deleted. */
  sender_id: id.nullable(),
  sender_name: z.string(),
  content: z.string().nullable(),
  type: z.enum(MESSAGE_TYPES),
  file_name: z.string().nullable(),
  is_deleted: z.boolean(),
});

/** Spec §3 message. Ids increase within a conversation in the order messages were committed. */
export const messageSchema = z.object({
  id,
  conversation_id: id,
  /** Null when the sender's account was deleted (the message stays, from a deleted account). */
  sender_id: id.nullable(),
  /** The id the sending client chose; the same client id twice is the same message. */
  client_id: z.string().nullable(),
  content: z.string().nullable(),
  type: z.enum(MESSAGE_TYPES),
  /** System messages only: what happened (screens translate it). */
  system_event: z.enum(SYSTEM_EVENTS).nullable(),
  reply_to_id: id.nullable(),
  reply_to: replyPreview.nullable(),
  is_edited: z.boolean(),
  edited_at: z.string().nullable(),
  is_deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Null when the sender's account was deleted. */
  sender: chatUser.nullable(),
  attachments: z.array(chatAttachment),
  /** The first attachment's fields, as spec §3 names them. */
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  file_extension: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id,
  type: z.literal('private'),
  participants: z.array(chatUser),
  /** The other participant of a private conversation. */
  other_participant: chatUser.nullable(),
  latest_message: messageSchema.nullable(),
  unread_count: z.number().int(),
  /** The caller's read marker (0: nothing read). */
  last_read_message_id: id,
  /** The other participant's read marker: the caller's messages up to it show as read. */
  other_last_read_message_id: id,
  pivot: z.object({ last_read_at: z.string().nullable() }),
  /**
   * False when the other participant left, or when either blocked the other: nothing more can be
   * sent until a chat is started again (or the block is lifted).
   */
  is_active: z.boolean(),
  /** The viewer blocked the other participant (a block by the other is not shown). */
  blocked_by_me: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const conversationParams = z.object({ id: positiveId(TEXT.conversationIdRequired) });
/** The message routes name the spec's own text for a missing conversation id. */
export const messagesParams = z.object({ id: positiveId(TEXT.conversationIdForMessages) });
export const messageParams = z.object({
  id: positiveId(TEXT.conversationIdRequired),
  messageId: positiveId(TEXT.messageNotFound),
});

export const conversationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(LIMITS.conversationsPerPage),
});

export const paginationSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const conversationsResult = z.object({
  conversations: z.array(conversationSchema),
  pagination: paginationSchema,
});

export const createConversationRequest = z.object({
  user_id: z.coerce.number({ error: TEXT.required }).int().positive({ error: TEXT.required }),
  type: z.literal('private', { error: TEXT.required }).optional(),
});

export const conversationSearchQuery = z.object({
  q: z
    .string({ error: TEXT.searchKeywordRequired })
    .trim()
    .min(1, TEXT.searchKeywordRequired)
    .max(200, formatText(TEXT.maxLength, { length: 200 })),
});
export const conversationSearchResult = z.object({ conversations: z.array(conversationSchema) });

/**
 * `GET /conversations/{id}/messages`: the newest page first (`page` 1 is the newest `per_page`
 * messages), or keyset forms: `before` (older than a message, for 'Load earlier') and `after`
 * (everything newer than a message, oldest first, for catching up after a disconnect).
 * Messages are always in ascending id order within a page.
 */
export const messagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(LIMITS.messagesPerPage).default(LIMITS.messagesPerPage),
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

export const messagesResult = z.object({
  messages: z.array(messageSchema),
  pagination: paginationSchema.extend({
    /** For `before`/`after`: more messages exist beyond this page in the same direction. */
    has_more: z.boolean(),
  }),
});
export type MessagesResult = z.infer<typeof messagesResult>;

export const messageContent = z
  .string({ error: TEXT.messageContentRequired })
  .trim()
  .min(1, TEXT.messageContentRequired)
  .max(LIMITS.chatMessageMax, TEXT.messageTooLong);

export const clientIdField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.chatClientIdMax, formatText(TEXT.maxLength, { length: LIMITS.chatClientIdMax }))
  // A refinement rather than .regex(), so the issue names its catalogue text (the field-errors mapper reads it).
  .refine((id) => /^[\w-]+$/.test(id), refineText('clientIdInvalid'));

export const sendMessageRequest = z.object({
  content: messageContent,
  type: z.literal('text').default('text'),
  reply_to_id: z.coerce.number().int().positive().nullish(),
  client_id: clientIdField.optional(),
});
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

/** Text fields of `POST /conversations/{id}/files` (multipart; the file goes in `file`). */
export const sendFileFields = z.object({
  message: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(LIMITS.chatMessageMax, TEXT.messageTooLong).optional(),
  ),
  reply_to_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  client_id: z.preprocess((v) => (v === '' ? undefined : v), clientIdField.optional()),
});

export const updateMessageRequest = z.object({ content: messageContent });

export const markReadRequest = z
  .object({
    /** Read up to this message (default: the latest). */
    message_id: z.coerce.number().int().positive().optional(),
  })
  .nullish();

export const markReadResult = z.object({
  conversation_id: id,
  last_read_message_id: id,
  message_ids: z.array(id),
  unread_count: z.number().int(),
});

export const unreadCountResult = z.object({
  unread_count: z.number().int(),
  total: z.number().int(),
  conversations: z.array(z.object({ conversation_id: id, unread_count: z.number().int() })),
});
export type UnreadCounts = z.infer<typeof unreadCountResult>;

export const participantsResult = z.object({ participants: z.array(chatUser) });

export const deleteConversationsRequest = z.object({
  conversation_ids: z
    .array(z.coerce.number().int().positive(), { error: TEXT.noConversationIds })
    .min(1, TEXT.noConversationIds)
    .max(LIMITS.conversationDeleteMax, formatText(TEXT.maxLength, { length: LIMITS.conversationDeleteMax })),
});
export const deleteConversationsResult = z.object({ deleted: z.array(id) });

export const fileQuery = z.object({
  size: z.enum(['full', 'preview']).default('full'),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

export const messageSearchResult = z.object({ messages: z.array(messageSchema) });

/**
 * Presence (issue 19): whether a user has a socket connected on any server process, and when their
 * last one closed. Shown only to people who share a conversation with them, and only while both
 * allow it (`show_presence`); otherwise `online` is false and `last_seen_at` null: nothing is known.
 */
export const presenceSchema = z.object({
  user_id: id,
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;

/** At most this many users per presence request. */
const PRESENCE_USERS_MAX = 50;
/** `GET /api/chat/presence?user_ids=4,9`: comma-separated ids. */
export const presenceQuery = z.object({
  user_ids: z
    .string()
    .regex(new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${PRESENCE_USERS_MAX - 1}}$`), TEXT.invalidNumber),
});
/** Only the users who share a conversation with the caller; anyone else is left out. */
export const presenceResult = z.object({ presence: z.array(presenceSchema) });

/** The caller's own chat settings. */
export const chatSettingsSchema = z.object({
  /** Off: nobody sees when you are online or were last seen, and you see nobody's. */
  show_presence: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export const chatSettingsRequest = z.object({ show_presence: z.boolean({ error: TEXT.required }) });
