import type { VerificationDocumentType } from '@makan/contract/verification';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companyVerifications } from '../../db/schema/moderation.ts';
import { users } from '../../db/schema/users.ts';

export type VerificationRow = typeof companyVerifications.$inferSelect;

/** A stored document's key in the verification area of the media store (DATA_DIR/verification, or verification/ in the bucket). */
export const documentFileName = (row: Pick<VerificationRow, 'documentKey' | 'documentType'>) =>
  `${row.documentKey}.${row.documentType === 'jpeg' ? 'jpg' : row.documentType}`;

/** Companies' requests to be verified, and the badge they earn (issue 21). */
export function createVerificationRepository(db: Database) {
  return {
    /** A new pending request; undefined when one is already pending (one at a time). */
    async create(row: {
      userId: number;
      registrationNumber: string;
      documentKey: string;
      documentType: VerificationDocumentType;
      now: Date;
    }): Promise<VerificationRow | undefined> {
      const [created] = await db
        .insert(companyVerifications)
        .values({
          userId: row.userId,
          registrationNumber: row.registrationNumber,
          documentKey: row.documentKey,
          documentType: row.documentType,
          createdAt: row.now,
        })
        .onConflictDoNothing()
        .returning();
      return created;
    },

    async latestOf(userId: number): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(companyVerifications)
        .where(eq(companyVerifications.userId, userId))
        .orderBy(desc(companyVerifications.id))
        .limit(1);
      return row;
    },

    async find(id: number): Promise<VerificationRow | undefined> {
      const [row] = await db.select().from(companyVerifications).where(eq(companyVerifications.id, id));
      return row;
    },

    async pending(limit: number) {
      return db
        .select({ verification: companyVerifications, user: users })
        .from(companyVerifications)
        .innerJoin(users, eq(users.id, companyVerifications.userId))
        .where(eq(companyVerifications.status, 'pending'))
        .orderBy(asc(companyVerifications.createdAt), asc(companyVerifications.id))
        .limit(limit);
    },

    /**
     * Decides a pending request, and on approval gives the account its badge, in one transaction;
     * undefined when it was not pending (decided meanwhile).
     */
    async decide(id: number, decision: 'approved' | 'refused', reason: string | null, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(companyVerifications)
          .set({ status: decision, reason, decidedAt: now })
          .where(and(eq(companyVerifications.id, id), eq(companyVerifications.status, 'pending')))
          .returning();
        if (row && decision === 'approved') {
          await tx
            .update(users)
            .set({ companyVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, row.userId));
        }
        return row;
      });
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
