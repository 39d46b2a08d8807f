import type { ContactRequest } from '@makan/contract/contact';
import type { Mailer } from '../../adapters/mail.ts';
import type { Logger } from '../../lib/logger.ts';
import type { RateLimits } from '../rate-limit/rate-limit.service.ts';
import type { ContactRepository } from './contact.repository.ts';

type Deps = {
  contact: ContactRepository;
  mailer: Mailer;
  supportEmail: string;
  limits: RateLimits;
  log: Pick<Logger, 'warn'>;
};

const PER_ADDRESS = { limit: 5, windowMs: 10 * 60_000 };

export function createContactService({ contact, mailer, supportEmail, limits, log }: Deps) {
  return {
    /** Stores the message first, so it is never lost; then mails it to support when SMTP is set. */
    async submit(input: ContactRequest, ip: string | null): Promise<{ id: number }> {
      await limits.hit(`contact:ip:${ip ?? 'unknown'}`, PER_ADDRESS);
      const saved = await contact.insert({ ...input, ip });
      // Support reads these from the database; mail is an extra copy, sent only through real SMTP.
      if (mailer.kind === 'smtp') {
        try {
          await mailer.send({
            to: supportEmail,
            replyTo: input.email,
            subject: `[Makan contact #${saved.id}] ${input.subject}`,
            text: [
              `From: ${input.firstName} ${input.lastName} <${input.email}>`,
              `Phone: ${input.phone}`,
              `Received: ${saved.createdAt.toISOString()}`,
              '',
              input.message,
            ].join('\n'),
          });
          await contact.setMailStatus(saved.id, 'sent');
        } catch (err) {
          log.warn({ err, id: saved.id }, 'contact message stored but not mailed');
          await contact.setMailStatus(saved.id, 'failed');
        }
      }
      return { id: saved.id };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
