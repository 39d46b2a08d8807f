import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { follows, userBlocks } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

const relationRows = z.object({
  rows: z.array(z.object({ user_id: z.coerce.number(), by_me: z.boolean() })),
});

/**
 * Whether a block stands between the users `a` and `b` (SQL), either way round. For the statements
 * that must not write across a block (a follow, a message): checked in the same statement, so a
 * block committed before it is always seen.
 */
export const blockBetween = (a: SQL | number, b: SQL | number): SQL =>
  sql`exists (select 1 from user_blocks ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;

const blockedRows = z.object({ rows: z.array(z.object({ blocked: z.boolean() })) });

/** Whether a block stands between `a` and `b`, read through `db` (a transaction when in one). */
export async function isBlockBetween(
  db: { execute: (query: SQL) => PromiseLike<unknown> },
  a: number,
  b: number,
): Promise<boolean> {
  const result = await db.execute(sql`select ${blockBetween(a, b)} as blocked`);
  return blockedRows.parse(result).rows[0]?.blocked ?? false;
}

/** Who blocked whom: written by the blocker, read everywhere two users could meet. */
export function createBlocksRepository(db: Database) {
  return {
    /**
     * Blocks `blockedId` for `blockerId` and ends the follows between them, both ways, in one
     * transaction. True when the block is new.
     */
    async block(blockerId: number, blockedId: number, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(userBlocks)
          .values({ blockerId, blockedId, createdAt: now })
          .onConflictDoNothing()
          .returning({ blockerId: userBlocks.blockerId });
        await tx
          .delete(follows)
          .where(
            or(
              and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)),
              and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)),
            ),
          );
        return inserted.length > 0;
      });
    },

    async unblock(blockerId: number, blockedId: number): Promise<boolean> {
      const removed = await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .returning({ blockerId: userBlocks.blockerId });
      return removed.length > 0;
    },

    /** The accounts the user blocked, latest first. */
    async blockedBy(blockerId: number) {
      return db
        .select({
          id: users.id,
          name: users.name,
          userType: users.userType,
          pictureKey: users.pictureKey,
          blockedAt: userBlocks.createdAt,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, blockerId))
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
    },

    /**
     * Everyone the viewer must not meet: those they blocked (`byMe`), those who blocked them, and
     * accounts suspended now (issue 21: their listings are hidden). One index read each
     * (user_blocks' primary key and user_blocks_blocked_idx, users_suspended_idx); usually nobody.
     */
    async relations(viewerId: number, now: Date): Promise<{ hidden: Set<number>; byMe: Set<number> }> {
      const result = await db.execute(sql`
        select blocked_id as user_id, true as by_me from user_blocks where blocker_id = ${viewerId}
        union all
        select blocker_id as user_id, false as by_me from user_blocks where blocked_id = ${viewerId}
        union all
        select id as user_id, false as by_me from users
        where suspended_until > ${now.toISOString()}::timestamptz and id <> ${viewerId}`);
      const rows = relationRows.parse(result).rows;
      return {
        hidden: new Set(rows.map((r) => r.user_id)),
        byMe: new Set(rows.filter((r) => r.by_me).map((r) => r.user_id)),
      };
    },

    between: (a: number, b: number) => isBlockBetween(db, a, b),

    /** Who blocked whom between `a` and `b`, in one read: a block by `a`, a block by `b`. */
    async pair(a: number, b: number): Promise<{ byA: boolean; byB: boolean }> {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
            and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
          ),
        );
      return { byA: rows.some((r) => r.blockerId === a), byB: rows.some((r) => r.blockerId === b) };
    },

    async isBlockedBy(blockerId: number, blockedId: number): Promise<boolean> {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
      return rows.length > 0;
    },
  };
}
export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
