import type {
  ChatAttachment,
  ChatMessage,
  ChatUser,
  Conversation,
  conversationSearchResult,
  conversationsResult,
  deleteConversationsResult,
  MessagesResult,
  markReadResult,
  Presence,
  participantsResult,
  presenceResult,
  UnreadCounts,
} from '@makan/contract/chat';
import { MESSAGE_STATUSES, MESSAGE_TYPES, SYSTEM_EVENTS } from '@makan/contract/chat-kinds';
import type { AckFailure, SendAck } from '@makan/contract/realtime';
import type { z } from 'zod';
import {
  isRecord,
  readFieldCodes,
  readFieldErrors,
  readTextKey,
  readTextParams,
} from '../../../lib/envelope-read.ts';
import { personReader } from '../../../lib/profile-readers.ts';
import { arrayOf, bool, int, literal, nullable, object, oneOf, type Reader, str } from '../../../lib/read.ts';

/**
 * The chat's answers read without zod (lib/read.ts says why; readers.test.ts holds each equal to the
 * contract's schema of the same name): the chat page, and the live connection every signed-in page
 * opens once idle, then load no schema library at all.
 */

export const chatUserReader: Reader<ChatUser> = personReader;

export const chatAttachmentReader: Reader<ChatAttachment> = object({
  id: int,
  url: str,
  preview_url: nullable(str),
  file_name: str,
  file_size: int,
  file_extension: str,
  mime_type: str,
  width: nullable(int),
  height: nullable(int),
});

const replyPreviewReader: Reader<NonNullable<ChatMessage['reply_to']>> = object({
  id: int,
  sender_id: nullable(int),
  sender_name: str,
  content: nullable(str),
  type: oneOf(MESSAGE_TYPES),
  file_name: nullable(str),
  is_deleted: bool,
});

export const messageReader: Reader<ChatMessage> = object({
  id: int,
  conversation_id: int,
  sender_id: nullable(int),
  client_id: nullable(str),
  content: nullable(str),
  type: oneOf(MESSAGE_TYPES),
  system_event: nullable(oneOf(SYSTEM_EVENTS)),
  reply_to_id: nullable(int),
  reply_to: nullable(replyPreviewReader),
  is_edited: bool,
  edited_at: nullable(str),
  is_deleted: bool,
  created_at: str,
  updated_at: str,
  sender: nullable(chatUserReader),
  attachments: arrayOf(chatAttachmentReader),
  file_url: nullable(str),
  file_name: nullable(str),
  file_size: nullable(int),
  file_extension: nullable(str),
  status: oneOf(MESSAGE_STATUSES),
});

export const conversationReader: Reader<Conversation> = object({
  id: int,
  type: literal('private'),
  participants: arrayOf(chatUserReader),
  other_participant: nullable(chatUserReader),
  latest_message: nullable(messageReader),
  unread_count: int,
  last_read_message_id: int,
  other_last_read_message_id: int,
  pivot: object({ last_read_at: nullable(str) }),
  is_active: bool,
  blocked_by_me: bool,
  created_at: str,
  updated_at: str,
});

const pagination = { current_page: int, last_page: int, per_page: int, total: int };

export const conversationsReader: Reader<z.infer<typeof conversationsResult>> = object({
  conversations: arrayOf(conversationReader),
  pagination: object(pagination),
});

export const conversationSearchReader: Reader<z.infer<typeof conversationSearchResult>> = object({
  conversations: arrayOf(conversationReader),
});

export const messagesReader: Reader<MessagesResult> = object({
  messages: arrayOf(messageReader),
  pagination: object({ ...pagination, has_more: bool }),
});

export const markReadReader: Reader<z.infer<typeof markReadResult>> = object({
  conversation_id: int,
  last_read_message_id: int,
  message_ids: arrayOf(int),
  unread_count: int,
});

export const unreadCountsReader: Reader<UnreadCounts> = object({
  unread_count: int,
  total: int,
  conversations: arrayOf(object({ conversation_id: int, unread_count: int })),
});

export const participantsReader: Reader<z.infer<typeof participantsResult>> = object({
  participants: arrayOf(chatUserReader),
});

export const deleteConversationsReader: Reader<z.infer<typeof deleteConversationsResult>> = object({
  deleted: arrayOf(int),
});

export const presenceReader: Reader<Presence> = object({
  user_id: int,
  online: bool,
  last_seen_at: nullable(str),
});

export const presenceListReader: Reader<z.infer<typeof presenceResult>> = object({
  presence: arrayOf(presenceReader),
});

/** An optional field of an acknowledgement: absent, or what `read` makes of it (undefined: wrong). */
function optional<T>(value: unknown, read: (value: unknown) => T | undefined): { ok: boolean; value?: T } {
  if (value === undefined) return { ok: true };
  const read_ = read(value);
  return read_ === undefined ? { ok: false } : { ok: true, value: read_ };
}

const positiveInt = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/**
 * The socket's answer to `send` as the contract's `sendAck` reads it (the message, or the refusal in the
 * HTTP envelope's words), or undefined when it is neither (readers.test.ts holds the two equal).
 */
export function readSendAck(value: unknown): SendAck | undefined {
  if (!isRecord(value)) return undefined;
  if (value.ok === true) {
    const message = messageReader.safeParse(value.message);
    if (!message.success || typeof value.created !== 'boolean') return undefined;
    return { ok: true, message: message.data, created: value.created };
  }
  const { ok, status, message } = value;
  if (
    ok !== false ||
    typeof status !== 'number' ||
    !Number.isSafeInteger(status) ||
    typeof message !== 'string'
  )
    return undefined;
  const failure: AckFailure = { ok: false, status, message };
  const code = optional(value.code, readTextKey);
  const params = optional(value.params, readTextParams);
  const errors = optional(value.errors, readFieldErrors);
  const codes = optional(value.codes, readFieldCodes);
  const retryAfter = optional(value.retry_after, positiveInt);
  if (!code.ok || !params.ok || !errors.ok || !codes.ok || !retryAfter.ok) return undefined;
  if (code.value !== undefined) failure.code = code.value;
  if (params.value !== undefined) failure.params = params.value;
  if (errors.value !== undefined) failure.errors = errors.value;
  if (codes.value !== undefined) failure.codes = codes.value;
  if (retryAfter.value !== undefined) failure.retry_after = retryAfter.value;
  return failure;
}
