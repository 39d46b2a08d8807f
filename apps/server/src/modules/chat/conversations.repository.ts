import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { conversations, conversationParticipants as cp } from '../../db/schema/chat.ts';
import { users } from '../../db/schema/users.ts';

export type ParticipantRow = typeof cp.$inferSelect;
export type UserColumns = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'name'
  | 'userType'
  | 'pictureKey'
  | 'emailVerifiedAt'
  | 'phoneVerifiedAt'
  | 'verificationMethod'
  | 'companyVerifiedAt'
>;

/** The columns of a user that a chat shows (name, type, picture, whether verified). */
export const userColumns = {
  id: users.id,
  name: users.name,
  userType: users.userType,
  pictureKey: users.pictureKey,
  emailVerifiedAt: users.emailVerifiedAt,
  phoneVerifiedAt: users.phoneVerifiedAt,
  verificationMethod: users.verificationMethod,
  companyVerifiedAt: users.companyVerifiedAt,
};

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

/** The smaller id first: one key per pair of people. */
export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Conversations, their participants and the participants' users: one private conversation per
 * pair of people, and each user's list of them (visible until they delete or leave it).
 */
export function createConversationsRepository(db: Database) {
  return {
    async findUsers(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select(userColumns).from(users).where(inArray(users.id, ids));
    },

    async findConversation(id: number) {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
      return row;
    },

    async findConversations(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(conversations).where(inArray(conversations.id, ids));
    },

    async participants(conversationId: number): Promise<ParticipantRow[]> {
      return db.select().from(cp).where(eq(cp.conversationId, conversationId)).orderBy(asc(cp.userId));
    },

    async participantsOf(conversationIds: number[]): Promise<ParticipantRow[]> {
      if (conversationIds.length === 0) return [];
      return db.select().from(cp).where(inArray(cp.conversationId, conversationIds));
    },

    /** The id of the private conversation of two people, when they have one. */
    async pairConversation(a: number, b: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.pairKey, pairKeyOf(a, b)));
      return row?.id;
    },

    /**
     * The private conversation of two people, made if missing. The creator sees it at once; the
     * other person once the first message arrives. A creator who had left (or deleted it) is
     * back in; answers whether the conversation row is new.
     */
    async openPrivate(creatorId: number, otherId: number, now: Date) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(conversations)
          .values({
            pairKey: pairKeyOf(creatorId, otherId),
            createdAt: now,
            updatedAt: now,
            lastActivityAt: now,
          })
          .onConflictDoNothing({ target: conversations.pairKey })
          .returning({ id: conversations.id });
        const created = inserted.length > 0;
        const [row] = created
          ? inserted
          : await tx
              .select({ id: conversations.id })
              .from(conversations)
              .where(eq(conversations.pairKey, pairKeyOf(creatorId, otherId)));
        if (!row) throw new Error('conversation vanished');
        await tx
          .insert(cp)
          .values([
            { conversationId: row.id, userId: creatorId, visible: true, joinedAt: now },
            { conversationId: row.id, userId: otherId, visible: false, joinedAt: now },
          ])
          .onConflictDoNothing();
        const [mine] = await tx
          .select()
          .from(cp)
          .where(and(eq(cp.conversationId, row.id), eq(cp.userId, creatorId)))
          .for('update');
        const rejoined = mine?.leftAt != null;
        if (mine && (!mine.visible || rejoined)) {
          await tx
            .update(cp)
            .set({ visible: true, leftAt: null })
            .where(and(eq(cp.conversationId, row.id), eq(cp.userId, creatorId)));
        }
        return { id: row.id, created, rejoined };
      });
    },

    /** Ids of the conversations in a user's list, newest activity first, and how many there are. */
    async listIds(userId: number, offset: number, limit: number) {
      const where = and(eq(cp.userId, userId), eq(cp.visible, true), isNull(cp.leftAt));
      // The page and the count are independent: asked at once, one round trip instead of two.
      const [rows, total] = await Promise.all([
        db
          .select({ id: conversations.id })
          .from(cp)
          .innerJoin(conversations, eq(conversations.id, cp.conversationId))
          .where(where)
          .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
          .limit(limit)
          .offset(offset),
        db.$count(cp, where),
      ]);
      return { ids: rows.map((r) => r.id), total };
    },

    /** Hides conversations from one user's list and clears their history; answers the ids changed. */
    async hide(userId: number, conversationIds: number[]) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(cp)
          .set({
            visible: false,
            clearedUpTo: sql`coalesce((select c.last_message_id from conversations c where c.id = ${cp.conversationId}), 0)`,
            lastReadMessageId: sql`greatest(${cp.lastReadMessageId}, coalesce((select c.last_message_id from conversations c where c.id = ${cp.conversationId}), 0))`,
          })
          .where(and(eq(cp.userId, userId), inArray(cp.conversationId, conversationIds)))
          .returning({ id: cp.conversationId });
        return rows.map((r) => r.id);
      });
    },

    /** Conversations of the user's list whose other participant's name or a visible message matches. */
    async search(userId: number, namePattern: string, textPattern: string, limit: number) {
      const rows = await db.execute(sql`
        select c.id from conversation_participants p
        join conversations c on c.id = p.conversation_id
        where p.user_id = ${userId} and p.visible and p.left_at is null and (
          exists (select 1 from conversation_participants o join users u on u.id = o.user_id
                  where o.conversation_id = c.id and o.user_id <> ${userId} and lower(u.name) like ${namePattern})
          or exists (select 1 from messages m where m.conversation_id = c.id and m.id > p.cleared_up_to
                     and not m.is_deleted and m.search_text like ${textPattern}))
        order by c.last_activity_at desc, c.id desc
        limit ${limit}`);
      return idRows.parse(rows).rows.map((r) => r.id);
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
