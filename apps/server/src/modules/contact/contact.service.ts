import type { ContactRequest } from '@makan/contract/contact';
import type { Mailer } from '../../plugins/mail.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { ContactRepository } from './contact.repository.ts';

type Deps = {
  contact: ContactRepository;
  mailer: Mailer;
  supportEmail: string;
  limiter: RateLimiter;
  log: { warn: (obj: object, msg: string) => void };
};

export function createContactService({ contact, mailer, supportEmail, limiter, log }: Deps) {
  return {
    /** Stores the message first, so it is never lost; then mails it to support when SMTP is set. */
    async submit(input: ContactRequest, ip: string | null): Promise<{ id: number }> {
      limiter.hit(`contact:${ip ?? 'unknown'}`);
      const saved = await contact.insert({ ...input, ip });
      if (mailer.enabled) {
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
