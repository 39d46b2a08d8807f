import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authTokens, passwordResetTokens, verificationCodes } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

export type CodeRow = typeof verificationCodes.$inferSelect;
/** Where a code is sent and what it is for: server-side lists, spelled once in the schema. */
export type Channel = CodeRow['channel'];
export type Purpose = CodeRow['purpose'];

const liveProof = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

export function createAuthRepository(db: Database) {
  /** Runs on every signed-in request: a named prepared statement, parsed and planned once per connection. */
  const liveToken = db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('auth_live_token');
  return {
    // Tokens
    async insertToken(userId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.insert(authTokens).values({ userId, tokenHash, createdAt: now, lastUsedAt: now, expiresAt });
    },
    async findLiveToken(tokenHash: string, now: Date) {
      const [row] = await liveToken.execute({ tokenHash, now: now.toISOString() });
      return row;
    },
    async renewToken(id: number, now: Date, expiresAt: Date): Promise<void> {
      await db.update(authTokens).set({ lastUsedAt: now, expiresAt }).where(eq(authTokens.id, id));
    },
    async revokeToken(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
    },
    async revokeAllTokens(userId: number, now: Date): Promise<number> {
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
        .returning({ id: authTokens.id });
      return rows.length;
    },
    /**
     * Sets a new password, revokes every other session of the user and closes their open reset
     * proofs, in one transaction. Answers how many sessions it ended.
     */
    async changePassword(userId: number, passwordHash: string, keepTokenHash: string, now: Date) {
      return db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        const ended = await tx
          .update(authTokens)
          .set({ revokedAt: now })
          .where(
            and(
              eq(authTokens.userId, userId),
              isNull(authTokens.revokedAt),
              ne(authTokens.tokenHash, keepTokenHash),
            ),
          )
          .returning({ id: authTokens.id });
        return ended.length;
      });
    },

    // Verification codes
    async latestCode(userId: number, channel: Channel, purpose: Purpose): Promise<CodeRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.channel, channel),
            eq(verificationCodes.purpose, purpose),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
        .limit(1);
      return row;
    },
    /** Closes every open code of that kind and adds the new one, in one transaction. */
    async replaceCode(
      code: Omit<typeof verificationCodes.$inferInsert, 'id' | 'attempts' | 'closedAt'>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ closedAt: code.createdAt })
          .where(
            and(
              eq(verificationCodes.userId, code.userId),
              eq(verificationCodes.channel, code.channel),
              eq(verificationCodes.purpose, code.purpose),
              isNull(verificationCodes.closedAt),
            ),
          );
        await tx.insert(verificationCodes).values(code);
      });
    },
    /** Counts a wrong try atomically; closes the code when it reaches maxTries. Returns the new count. */
    async addWrongTry(id: number, maxTries: number, now: Date): Promise<number> {
      const [row] = await db
        .update(verificationCodes)
        .set({
          attempts: sql`${verificationCodes.attempts} + 1`,
          closedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else ${verificationCodes.closedAt} end`,
        })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.closedAt)))
        .returning({ attempts: verificationCodes.attempts });
      return row?.attempts ?? maxTries;
    },
    /** Uses the code once: false when another request used or closed it first. */
    async consumeCode(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ closedAt: now })
        .where(
          and(
            eq(verificationCodes.id, id),
            isNull(verificationCodes.closedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },

    // Password reset proofs
    async insertResetToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },
    /** Whether a reset proof can still be used (unknown, used and expired ones cannot). */
    async resetTokenLive(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(liveProof(tokenHash, now));
      return rows.length > 0;
    },
    /**
     * Uses a reset proof and sets the new password in one transaction: the proof is spent, the
     * password replaced, every session revoked and every other open proof of the user closed, or
     * none of it. Answers the user, or undefined when the proof was used or expired meanwhile.
     */
    async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const [proof] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(liveProof(tokenHash, now))
          .returning({ userId: passwordResetTokens.userId });
        if (!proof) return undefined;
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, proof.userId));
        await tx
          .update(authTokens)
          .set({ revokedAt: now })
          .where(and(eq(authTokens.userId, proof.userId), isNull(authTokens.revokedAt)));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, proof.userId), isNull(passwordResetTokens.usedAt)));
        return proof.userId;
      });
    },
    /**
     * Forgets what can no longer be used: sessions expired or revoked, reset proofs and codes expired,
     * each a day after the fact (so a late request still meets a row that says why it is refused).
     */
    async deleteExpired(now: Date): Promise<number> {
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
      const tokens = await db
        .delete(authTokens)
        .where(or(lt(authTokens.expiresAt, dayAgo), lt(authTokens.revokedAt, dayAgo)))
        .returning({ id: authTokens.id });
      const proofs = await db
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, dayAgo))
        .returning({ id: passwordResetTokens.id });
      const codes = await db
        .delete(verificationCodes)
        .where(lt(verificationCodes.expiresAt, dayAgo))
        .returning({ id: verificationCodes.id });
      return tokens.length + proofs.length + codes.length;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
