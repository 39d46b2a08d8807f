import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthStates, socialAccounts } from '../../db/schema/auth.ts';

export type NewOAuthState = {
  provider: string;
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  createdAt: Date;
  expiresAt: Date;
};

export function createLinkedinRepository(db: Database) {
  return {
    /** Stores a pending sign-in and drops the ones that are used or expired, so the table stays small. */
    async insertState(state: NewOAuthState): Promise<void> {
      await db
        .delete(oauthStates)
        .where(or(lt(oauthStates.expiresAt, state.createdAt), lt(oauthStates.usedAt, state.createdAt)));
      await db.insert(oauthStates).values(state);
    },

    /**
     * Marks a live, unused state as used and returns what the code exchange needs; undefined when the
     * state is unknown, expired or already used. One statement, so two requests cannot both win.
     */
    async consumeState(provider: string, stateHash: string, now: Date) {
      const [row] = await db
        .update(oauthStates)
        .set({ usedAt: now })
        .where(
          and(
            eq(oauthStates.provider, provider),
            eq(oauthStates.stateHash, stateHash),
            isNull(oauthStates.usedAt),
            gt(oauthStates.expiresAt, now),
          ),
        )
        .returning({ nonce: oauthStates.nonce, codeVerifier: oauthStates.codeVerifier });
      return row;
    },

    async findLinkedUserId(provider: string, subject: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: socialAccounts.userId })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
      return row?.userId;
    },

    /** Links the provider account to the user unless it is linked already; returns the user it belongs to. */
    async link(link: { userId: number; provider: string; subject: string; email: string | null }) {
      await db.insert(socialAccounts).values(link).onConflictDoNothing();
      const [row] = await db
        .select({ userId: socialAccounts.userId })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.provider, link.provider), eq(socialAccounts.subject, link.subject)));
      if (!row) throw new Error('social account link vanished');
      return row.userId;
    },
  };
}
export type LinkedinRepository = ReturnType<typeof createLinkedinRepository>;
