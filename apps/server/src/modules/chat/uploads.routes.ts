import { conversationParams, messageSchema, sendFileFields } from '@makan/contract/chat';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { LIMITS } from '@makan/contract/limits';
import { TEXT } from '@makan/contract/texts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Invalid } from '../../lib/errors.ts';
import { fieldFailures } from '../../lib/field-errors.ts';
import type { App } from '../../lib/http.ts';
import { inMemory, multipartRoutes, readForm } from '../../lib/multipart.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { attachmentTooLarge, type ChatFiles } from './chat-files.ts';
import { failures, security, signedIn, tags } from './chat-http.ts';
import type { MessagesService } from './messages.service.ts';

const FILE_FIELDS = new Set(['file', 'files[]', 'files', 'attachment', 'attachments[]']);

const noFiles = () => new Invalid({ file: 'noFiles' }, 'noFiles');

/**
 * Reads the upload form: one file (the first file part), the caption, reply and client id. The
 * file is checked from its bytes and stored before the message row is written; if anything
 * fails after that, the stored file is deleted.
 */
async function readFileForm(request: FastifyRequest, files: ChatFiles) {
  const { fields, files: kept } = await readForm(request, {
    fileFields: FILE_FIELDS,
    maxFiles: 1,
    tooLarge: () => attachmentTooLarge(1),
    notMultipart: noFiles,
    receive: inMemory,
    keep: ({ body, filename }) => files.save(body, filename, 1),
    discard: (attachment) => files.remove(attachment),
  });
  const [attachment] = kept;
  if (!attachment) {
    // A file field that came as text (or only empty files) is "no valid file", not "no file".
    const text = [...FILE_FIELDS].some((name) => name in fields) ? 'noValidFiles' : 'noFiles';
    throw new Invalid({ file: text }, text);
  }
  return { fields, attachment };
}

/** Sending a file: a multipart upload that becomes a message. */
export function chatUploadRoutes(
  app: App,
  { chat, guard, files }: { chat: MessagesService; guard: AuthGuard; files: ChatFiles },
) {
  const { me, auth } = signedIn(guard);

  // Uploads parse multipart in their own context, so no other route accepts it.
  const form = { files: 5, fields: 10, fieldSize: LIMITS.chatMessageMax * 4 + 1024, parts: 20 };
  multipartRoutes(app, form, (child) => {
    child.post(
      '/api/chat/conversations/:id/files',
      {
        ...auth,
        schema: {
          tags,
          security,
          summary: 'Send a file (one per message) with an optional caption',
          description: [
            'multipart/form-data: file (JPEG, PNG, GIF, WebP, PDF or plain text, from its bytes; at most 10 MB),',
            'optional message (caption, 5000 at most), reply_to_id and client_id (idempotent like text messages).',
            'Images are re-encoded to WebP without metadata.',
          ].join(' '),
          consumes: ['multipart/form-data'],
          params: conversationParams,
          body: z.unknown(),
          response: {
            200: successSchema(messageSchema),
            201: successSchema(messageSchema),
            413: failureSchema,
            ...failures,
          },
        },
      },
      async (request, reply) => {
        const userId = me(request);
        await chat.assertCanSend(userId, request.params.id);
        const { fields, attachment } = await readFileForm(request, files);
        try {
          const parsed = sendFileFields.safeParse(fields);
          if (!parsed.success) throw new Invalid(fieldFailures(parsed.error.issues, fields));
          const { message, created } = await chat.sendFile(
            userId,
            request.params.id,
            attachment,
            parsed.data,
          );
          if (!created) await files.remove(attachment);
          return reply
            .status(created ? 201 : 200)
            .send({ status: true as const, message: TEXT.messageSent, data: message });
        } catch (err) {
          await files.removeQuietly(attachment, request.log);
          throw err;
        }
      },
    );
  });
}
