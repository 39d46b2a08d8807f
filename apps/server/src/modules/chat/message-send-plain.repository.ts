import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { AttachmentRow } from './attachments.repository.ts';
import type { ParticipantRow, UserColumns } from './conversations.repository.ts';
import type { MessageInsert, MessageRow } from './messages.repository.ts';
import { readIdsBetween } from './read-state.repository.ts';

// Rows as `row_to_json` writes them (snake_case, ISO timestamps), read back into Drizzle's shapes.
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type CamelKeys<T> = { [K in keyof T & string as CamelCase<K>]: T[K] };
const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A JSON row checked against its columns' types, with Drizzle's camelCase keys. The key names are
 * worked out once per shape, not per row: a send reads a dozen of these rows.
 */
function jsonRow<Shape extends z.ZodRawShape>(shape: Shape) {
  const keys = Object.keys(shape).map((key) => [key, camelCase(key)] as const);
  return z.object(shape).transform((row) => {
    const source: Record<string, unknown> = row;
    const out: Record<string, unknown> = {};
    for (const [key, camel] of keys) out[camel] = source[key];
    return out as CamelKeys<z.output<z.ZodObject<Shape>>>;
  });
}

const isoDate = z.string().transform((value) => new Date(value));
const messageJson = jsonRow({
  id: z.number(),
  conversation_id: z.number(),
  sender_id: z.number().nullable(),
  client_id: z.string().nullable(),
  content: z.string().nullable(),
  type: z.enum(['text', 'image', 'file', 'system']),
  system_event: z.enum(['left', 'rejoined']).nullable(),
  reply_to_id: z.number().nullable(),
  search_text: z.string(),
  is_deleted: z.boolean(),
  edited_at: isoDate.nullable(),
  created_at: isoDate,
  updated_at: isoDate,
}) satisfies z.ZodType<MessageRow>;
const participantJson = jsonRow({
  conversation_id: z.number(),
  user_id: z.number(),
  last_read_message_id: z.number(),
  last_read_at: isoDate.nullable(),
  cleared_up_to: z.number(),
  visible: z.boolean(),
  left_at: isoDate.nullable(),
  joined_at: isoDate,
  notified_up_to: z.number(),
}) satisfies z.ZodType<ParticipantRow>;
const attachmentJson = jsonRow({
  id: z.number(),
  message_id: z.number(),
  kind: z.enum(['image', 'file']),
  storage_key: z.string(),
  file_name: z.string(),
  file_size: z.number(),
  mime_type: z.string(),
  extension: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: isoDate,
}) satisfies z.ZodType<AttachmentRow>;
const userJson = jsonRow({
  id: z.number(),
  name: z.string(),
  user_type: z.enum(['retail', 'developer']),
  picture_key: z.string().nullable(),
  email_verified_at: isoDate.nullable(),
  phone_verified_at: isoDate.nullable(),
  verification_method: z.enum(['email', 'phone', 'both']),
  company_verified_at: isoDate.nullable(),
}) satisfies z.ZodType<UserColumns>;
/** What the one-statement send answers: no row when it stored nothing (then the transaction decides). */
const plainSendRows = z.object({
  rows: z.array(
    z.object({
      message: messageJson,
      previous_id: z.coerce.number(),
      participants: z.array(participantJson),
      users: z.array(userJson),
      read_ids: z.array(z.coerce.number()),
      read_complete: z.boolean(),
      reply_to: messageJson.nullable(),
      reply_attachments: z.array(attachmentJson),
    }),
  ),
});

const dialect = new PgDialect();

/**
 * The common send of a text message, as one statement outside any transaction (`sendPlain`);
 * message-send.repository.ts tries it first and takes its transaction when it stores nothing.
 */
export function createPlainSend(db: Database) {
  /**
   * The statement of `sendPlain`, built once and run under a name: on PostgreSQL each connection
   * parses and plans it once, then only binds and runs it (planning its CTEs cost more than running
   * them: half the time of a send). PGlite in this process runs it as any other statement.
   */
  const conversationId = sql`${sql.placeholder('conversationId')}::int`;
  const senderId = sql`${sql.placeholder('senderId')}::int`;
  const replyToId = sql`${sql.placeholder('replyToId')}::int`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const sendPlainStatement = db._.session.prepareQuery(
    dialect.sqlToQuery(sql`
      with locked as materialized (
        select c.last_message_id as previous_id, p.*
        from conversations c
        join conversation_participants p on p.conversation_id = c.id
        where c.id = ${conversationId}
        order by p.user_id
        for update of c, p
      ), admitted as (
        select s.* from locked s
        where s.user_id = ${senderId} and s.left_at is null
          and not exists (select 1 from locked o where o.left_at is not null)
          and (select count(*) from locked) = 2
          and not exists (
            select 1 from locked o join user_blocks b
              on (b.blocker_id = s.user_id and b.blocked_id = o.user_id)
              or (b.blocker_id = o.user_id and b.blocked_id = s.user_id)
            where o.user_id <> s.user_id)
          and (${replyToId} is null or exists (
            select 1 from messages r
            where r.id = ${replyToId} and r.conversation_id = ${conversationId} and r.id > s.cleared_up_to))
      ), inserted as (
        insert into messages (conversation_id, sender_id, client_id, content, type, reply_to_id, search_text, created_at, updated_at)
        select ${conversationId}, ${senderId}, ${sql.placeholder('clientId')}::text, ${sql.placeholder('content')}::text, ${sql.placeholder('type')}::text, ${replyToId},
          ${sql.placeholder('searchText')}::text, ${now}, ${now}
        from admitted
        on conflict (conversation_id, sender_id, client_id) where client_id is not null do nothing
        returning *
      ), conversation as (
        update conversations c set last_message_id = i.id, last_activity_at = i.created_at, updated_at = i.created_at
        from inserted i
        where c.id = i.conversation_id
      ), participants as (
        update conversation_participants p set
          visible = p.visible or p.left_at is null,
          last_read_message_id = case when p.user_id = i.sender_id then greatest(p.last_read_message_id, i.id) else p.last_read_message_id end,
          last_read_at = case when p.user_id = i.sender_id and p.last_read_message_id < i.id then i.created_at else p.last_read_at end
        from inserted i
        where p.conversation_id = i.conversation_id
          and p.user_id in (select l.user_id from locked l where (not l.visible and l.left_at is null) or l.user_id = i.sender_id)
      )
      select
        row_to_json(i) as message,
        coalesce(a.previous_id, 0) as previous_id,
        (select json_agg(l order by l.user_id) from locked l) as participants,
        (select json_agg(json_build_object('id', u.id, 'name', u.name, 'user_type', u.user_type,
            'picture_key', u.picture_key, 'email_verified_at', u.email_verified_at,
            'phone_verified_at', u.phone_verified_at, 'verification_method', u.verification_method,
            'company_verified_at', u.company_verified_at))
          from users u where u.id in (select l.user_id from locked l)) as users,
        array(
          select r.id from (
            select m.id from messages m
            where m.conversation_id = i.conversation_id and m.id > a.last_read_message_id and m.id < i.id
              and m.sender_id is distinct from i.sender_id
            order by m.id desc
            limit 1000
          ) r order by r.id
        ) as read_ids,
        (a.previous_id is not distinct from (select c.last_message_id from conversations c where c.id = i.conversation_id)
          or a.last_read_message_id >= coalesce(a.previous_id, 0)) as read_complete,
        (select row_to_json(r) from messages r where r.id = i.reply_to_id) as reply_to,
        (select coalesce(json_agg(f order by f.id), '[]'::json) from message_attachments f where f.message_id = i.reply_to_id)
          as reply_attachments
      from inserted i, admitted a`),
    undefined,
    'chat_send_plain',
    false,
  );

  /**
   * The common send, a text message that nothing refuses, as one statement in autocommit: no BEGIN
   * and COMMIT round trips, one in all. It locks the conversation and its participants (FOR UPDATE,
   * the same rows in the same order as the transaction) and inserts only when, by the locked rows,
   * the sender takes part, nobody left and the reply is to a message of the conversation after what
   * the sender cleared; the id is drawn once the lock is held, so ids follow `last_message_id`.
   *
   * The statement's other reads see its snapshot, taken before the lock was granted: a send that
   * committed while this one waited is not in it. Updates are safe (they match rows by key, and
   * PostgreSQL re-reads a row changed since the snapshot before updating it, so hidden participants,
   * read markers and the latest message are moved from the locked versions). A reply to a message
   * the snapshot lacks is not admitted (the transaction decides). The newly read ids may lack such
   * a message: `read_complete` says whether they are whole (nothing committed in between, or the
   * sender had read up to the latest message already, as when the sender's own sends queue up);
   * else they are read again after the commit.
   *
   * Answers nothing when it stored nothing: a refusal, a repeated client id, a reply it cannot check.
   */
  async function sendPlain(m: MessageInsert) {
    const result = await sendPlainStatement.execute({
      conversationId: m.conversationId,
      senderId: m.senderId,
      clientId: m.clientId,
      content: m.content,
      type: m.type,
      replyToId: m.replyToId,
      searchText: m.searchText,
      now: m.now.toISOString(),
    });
    const [sent] = plainSendRows.parse(result).rows;
    if (!sent || sent.read_complete) return sent;
    const marker = sent.participants.find((p) => p.userId === m.senderId)?.lastReadMessageId ?? 0;
    return {
      ...sent,
      read_ids: await readIdsBetween(db, m.conversationId, m.senderId, marker, sent.message.id),
    };
  }

  return sendPlain;
}
