import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { conversationParticipants as cp, messages } from '../../db/schema/chat.ts';

const countRows = z.object({
  rows: z.array(z.object({ conversation_id: z.coerce.number(), unread: z.coerce.number() })),
});

/**
 * The other side's messages that a reader's marker passes when it moves from `after` up to `upTo`:
 * the ids behind a `MessageRead` event (ascending, the last 1000). `db` may be a transaction. After a
 * send, `upTo` is the sender's own message, which is not counted (it is theirs).
 */
export async function readIdsBetween(
  db: Database,
  conversationId: number,
  readerId: number,
  after: number,
  upTo: number,
) {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, after),
        lte(messages.id, upTo),
        sql`${messages.senderId} is distinct from ${readerId}`,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1000);
  return rows.map((r) => r.id).reverse();
}

/** Read markers (one per participant, kept on the server) and the unread counts they give. */
export function createReadStateRepository(db: Database) {
  return {
    /**
     * Moves the reader's marker up to `upTo` (never back). Answers the marker before and after
     * and the other side's messages that became read (the last 1000).
     */
    async markRead(conversationId: number, userId: number, upTo: number, now: Date) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ marker: cp.lastReadMessageId })
          .from(cp)
          .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, userId)))
          .for('update');
        const previous = before?.marker ?? 0;
        if (upTo <= previous) return { previous, current: previous, ids: [] as number[] };
        await tx
          .update(cp)
          .set({ lastReadMessageId: upTo, lastReadAt: now })
          .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, userId)));
        const ids = await readIdsBetween(tx, conversationId, userId, previous, upTo);
        return { previous, current: upTo, ids };
      });
    },

    /**
     * Unread messages per conversation of the user's list: from the other side, after both the
     * read marker and what the user cleared, not deleted, not system notes.
     */
    async unreadCounts(userId: number, conversationIds?: number[]) {
      const only =
        conversationIds === undefined
          ? sql``
          : conversationIds.length === 0
            ? sql` and false`
            : sql` and p.conversation_id in (${sql.join(
                conversationIds.map((id) => sql`${id}`),
                sql`, `,
              )})`;
      const result = await db.execute(sql`
        select p.conversation_id, count(m.id)::int as unread
        from conversation_participants p
        join messages m on m.conversation_id = p.conversation_id
          and m.id > greatest(p.last_read_message_id, p.cleared_up_to)
          and m.sender_id is distinct from p.user_id and m.type <> 'system' and not m.is_deleted
        where p.user_id = ${userId} and p.visible and p.left_at is null${only}
        group by p.conversation_id`);
      const map = new Map<number, number>();
      for (const row of countRows.parse(result).rows) map.set(row.conversation_id, row.unread);
      return map;
    },
  };
}
export type ReadStateRepository = ReturnType<typeof createReadStateRepository>;
