import { contactRequest, contactResult } from '@makan/contract/contact';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { TEXT } from '@makan/contract/texts';
import type { App } from '../../lib/http.ts';
import type { ContactService } from './contact.service.ts';

export function contactRoutes(app: App, { contact }: { contact: ContactService }) {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the support team',
        description:
          'Stored, then emailed to the support address when SMTP is configured. Limited per client address.',
        body: contactRequest,
        response: { 201: successSchema(contactResult), 422: failureSchema, 429: failureSchema },
      },
    },
    async (request, reply) => {
      const data = await contact.submit(request.body, request.ip ?? null);
      return reply.status(201).send({ status: true as const, message: TEXT.contactSent, data });
    },
  );
}
