import nodemailer from 'nodemailer';
import type { Outbox } from './outbox.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};
/** Outgoing mail: SMTP when SMTP_URL is set, else the outbox folder. */
export type Mailer = { kind: 'smtp' | 'outbox'; send: (message: MailMessage) => Promise<void> };

export function createMailer({
  smtpUrl,
  from,
  outbox,
}: {
  smtpUrl: string | undefined;
  from: string;
  outbox: Outbox;
}): Mailer {
  if (!smtpUrl) {
    return {
      kind: 'outbox',
      send: async ({ to, subject, text }) => {
        await outbox.write({ channel: 'email', to, subject, text });
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
  };
}
