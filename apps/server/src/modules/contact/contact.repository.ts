import type { ContactRequest } from '@makan/contract/contact';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact.ts';

export type MailStatus = 'stored' | 'sent' | 'failed';

export function createContactRepository(db: Database) {
  return {
    async insert(message: ContactRequest & { ip: string | null }): Promise<{ id: number; createdAt: Date }> {
      const [row] = await db
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async setMailStatus(id: number, status: MailStatus): Promise<void> {
      await db.update(contactMessages).set({ mailStatus: status }).where(eq(contactMessages.id, id));
    },
    async findById(id: number) {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return row;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
