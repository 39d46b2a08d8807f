import { MESSAGE_TYPES, SYSTEM_EVENTS } from '@makan/contract/chat';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { isOneOf } from './checks.ts';
import { users } from './users.ts';

/**
 * A private conversation between two users. `pair_key` ("smallerId:largerId") makes a second
 * conversation between the same two people impossible, even when both start one at once.
 * The row is locked while a message is added, so message ids increase in commit order.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['private'] })
      .notNull()
      .default('private'),
    pairKey: text('pair_key').notNull(),
    lastMessageId: integer('last_message_id'),
    /** The latest activity (last message, or creation): the list's order. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.pairKey),
    // The notifications' pass finds the conversations with recent messages (issue 22).
    index('conversations_activity_idx').on(t.lastActivityAt),
  ],
);

/** One user's side of a conversation: their read marker, what they cleared, whether they left. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The highest message id this user has read (0: none). The one definition of unread. */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** Messages up to this id are hidden for this user (they deleted the conversation). */
    clearedUpTo: integer('cleared_up_to').notNull().default(0),
    /** In this user's list: false after they delete it, true again when a new message comes. */
    visible: boolean('visible').notNull().default(true),
    leftAt: timestamp('left_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The highest message id this user was notified of (issue 22): a message still unread a few
     * seconds after it came notifies once, found from here rather than queued by each send.
     */
    notifiedUpTo: integer('notified_up_to').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId, t.conversationId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once the sender's account was erased: the message stays, from a deleted account. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sending client's id for this message: a repeated send finds the stored one. */
    clientId: text('client_id'),
    content: text('content'),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    systemEvent: text('system_event', { enum: SYSTEM_EVENTS }),
    replyToId: integer('reply_to_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
    /** Content and file names folded by normalizeSearchText, for in-conversation search. */
    searchText: text('search_text').notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // Erasing an account sets its messages' sender to null: found by this index, not a scan.
    index('messages_sender_idx').on(t.senderId),
    uniqueIndex('messages_client_id_key')
      .on(t.conversationId, t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('messages_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('messages_type_check', isOneOf(t.type, MESSAGE_TYPES)),
    check('messages_system_event_check', isOneOf(t.systemEvent, SYSTEM_EVENTS)),
  ],
);

/** A file sent in a message: an image (re-encoded) or a PDF/text file kept as sent. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'file'] }).notNull(),
    /** Random key naming the stored file(s) in the chat area of the media store. */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    extension: text('extension').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_attachments_message_idx').on(t.messageId),
    // The media sweep asks which stored files a row names, a thousand keys at a time.
    index('message_attachments_storage_key_idx').on(t.storageKey),
  ],
);

/** Server-wide secrets made once at first start and shared by every process (e.g. file URL signing). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
