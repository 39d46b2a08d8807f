import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; replyTo?: string };
/** Outgoing mail comes through this, so tests and the no-SMTP default can see what would be sent. */
export type Mailer = { enabled: boolean; send: (message: MailMessage) => Promise<void> };

export function createMailer({ smtpUrl, from }: { smtpUrl: string | undefined; from: string }): Mailer {
  if (!smtpUrl) {
    return {
      enabled: false,
      send: async () => {
        // No SMTP server configured: nothing leaves the machine; callers keep what they stored.
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    enabled: true,
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
  };
}
