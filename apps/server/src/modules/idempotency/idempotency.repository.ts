import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
export type IdempotencyClaim = { userId: number; key: string };

/** The row of one user's key. */
const row = ({ userId, key }: IdempotencyClaim) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** Claims of Idempotency-Key headers and the answers they gave (idempotency.ts). */
export function createIdempotencyRepository(db: Database) {
  const unfinished = and(isNull(idempotencyKeys.statusCode), isNull(idempotencyKeys.resourceId));

  return {
    /**
     * Claims the key in one statement: a new row; or one past its 24 hours (`expiredBefore`); or an
     * unfinished claim of the same request whose lease lapsed (`leaseBefore`: its request died before
     * creating anything). A concurrent claim of the same key waits for this insert and then sees it.
     * Answers whether the key is now this request's.
     */
    async claim(
      claim: IdempotencyClaim & {
        scope: string;
        fingerprint: string;
        now: Date;
        expiredBefore: Date;
        leaseBefore: Date;
      },
    ): Promise<boolean> {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({
          userId: claim.userId,
          key: claim.key,
          scope: claim.scope,
          fingerprint: claim.fingerprint,
          createdAt: claim.now,
          claimedAt: claim.now,
        })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: {
            scope: sql`excluded.scope`,
            fingerprint: sql`excluded.fingerprint`,
            createdAt: sql`excluded.created_at`,
            claimedAt: sql`excluded.claimed_at`,
            resourceId: null,
            statusCode: null,
            response: null,
          },
          setWhere: or(
            lt(idempotencyKeys.createdAt, claim.expiredBefore),
            and(
              unfinished,
              lt(idempotencyKeys.claimedAt, claim.leaseBefore),
              eq(idempotencyKeys.scope, claim.scope),
              eq(idempotencyKeys.fingerprint, claim.fingerprint),
            ),
          ),
        })
        .returning({ key: idempotencyKeys.key });
      return claimed.length > 0;
    },

    async find(claim: IdempotencyClaim): Promise<IdempotencyRow | undefined> {
      const [found] = await db.select().from(idempotencyKeys).where(row(claim));
      return found;
    },

    /** The answer the request gave, for its repeats. */
    async complete(claim: IdempotencyClaim, statusCode: number, response: unknown): Promise<void> {
      await db.update(idempotencyKeys).set({ statusCode, response }).where(row(claim));
    },

    /** Gives the key up after a failure that created nothing: a repeat runs the request again. */
    async release(claim: IdempotencyClaim): Promise<void> {
      await db.delete(idempotencyKeys).where(and(row(claim), unfinished));
    },

    /** Housekeeping: keys past their 24 hours. */
    async deleteOlderThan(before: Date): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;

/**
 * Names what a claimed request created, inside the transaction that creates it: once that commits, a
 * repeat answers with it even if the node died before the answer was kept.
 */
export async function recordIdempotentResource(
  tx: Pick<Database, 'update'>,
  claim: IdempotencyClaim,
  resourceId: number,
): Promise<void> {
  await tx.update(idempotencyKeys).set({ resourceId }).where(row(claim));
}
