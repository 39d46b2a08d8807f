import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Postgres unique violations name their index; callers turn them into field errors. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return source ? (source.constraint ?? 'unique') : undefined;
}

export function createUsersRepository(db: Database) {
  return {
    async insert(user: NewUser, now: Date): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...user, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByIds(ids: number[]): Promise<UserRow[]> {
      return ids.length ? db.select().from(users).where(inArray(users.id, ids)) : [];
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },
    async findByPhone(phoneNormalized: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phoneNormalized, phoneNormalized));
      return row;
    },
    async emailOrPhoneTaken(email: string, phoneNormalized: string) {
      const rows = await db
        .select({ email: users.email, phone: users.phoneNormalized })
        .from(users)
        .where(sql`${users.email} = ${email} or ${users.phoneNormalized} = ${phoneNormalized}`);
      return {
        email: rows.some((r) => r.email === email),
        phone: rows.some((r) => r.phone === phoneNormalized),
      };
    },
    async markVerified(id: number, channel: 'email' | 'phone', now: Date): Promise<UserRow | undefined> {
      const set =
        channel === 'email'
          ? {
              emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
              updatedAt: now,
            }
          : {
              phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, ${now.toISOString()}::timestamptz)`,
              updatedAt: now,
            };
      const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
      return row;
    },
    /**
     * A new email or phone, verified by the code sent to it. Throws a unique violation when another
     * account took it meanwhile.
     */
    async changeContact(
      id: number,
      change: { email: string } | { phone: string; phoneNormalized: string },
      now: Date,
    ): Promise<UserRow | undefined> {
      const set =
        'email' in change
          ? { email: change.email, emailVerifiedAt: now, updatedAt: now }
          : {
              phone: change.phone,
              phoneNormalized: change.phoneNormalized,
              phoneVerifiedAt: now,
              updatedAt: now,
            };
      const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
      return row;
    },
    /** The account can then sign in only through a linked provider or after a password reset. */
    async removePassword(id: number, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash: null, updatedAt: now }).where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
