import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { conversationParticipants as cp } from '../../db/schema/chat.ts';
import { users } from '../../db/schema/users.ts';

const other = alias(cp, 'other');

/** A user's presence settings and last sighting. */
export type PresenceRow = { id: number; showPresence: boolean; lastSeenAt: Date | null };

const presenceColumns = { id: users.id, showPresence: users.showPresence, lastSeenAt: users.lastSeenAt };

/**
 * Who may know whether a user is online: the people who share a conversation with them that
 * neither has left (issue 19). Also each user's `show_presence` and `last_seen_at`.
 */
export function createPresenceRepository(db: Database) {
  /** The users of `ids` (all of them when omitted) sharing a conversation with `userId`. */
  async function sharing(userId: number, ids?: number[]): Promise<PresenceRow[]> {
    if (ids?.length === 0) return [];
    return db
      .selectDistinct(presenceColumns)
      .from(cp)
      .innerJoin(other, and(eq(other.conversationId, cp.conversationId), ne(other.userId, cp.userId)))
      .innerJoin(users, eq(users.id, other.userId))
      .where(
        and(
          eq(cp.userId, userId),
          isNull(cp.leftAt),
          isNull(other.leftAt),
          ...(ids ? [inArray(other.userId, ids)] : []),
        ),
      );
  }

  return {
    sharing,

    async find(userId: number): Promise<PresenceRow | undefined> {
      const [row] = await db.select(presenceColumns).from(users).where(eq(users.id, userId));
      return row;
    },

    async setLastSeen(userIds: number[], at: Date) {
      if (userIds.length === 0) return;
      await db.update(users).set({ lastSeenAt: at }).where(inArray(users.id, userIds));
    },

    async setShowPresence(userId: number, show: boolean, now: Date) {
      await db.update(users).set({ showPresence: show, updatedAt: now }).where(eq(users.id, userId));
    },
  };
}
export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
