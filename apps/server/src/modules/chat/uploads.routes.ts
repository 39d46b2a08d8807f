import multipart from '@fastify/multipart';
import { conversationParams, messageSchema, sendFileFields } from '@makan/contract/chat';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { LIMITS } from '@makan/contract/limits';
import { TEXT } from '@makan/contract/texts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '../../lib/errors.ts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { attachmentTooLarge, type ChatFiles } from './chat-files.ts';
import { failures, security, signedIn, tags } from './chat-http.ts';
import type { MessagesService, StoredAttachment } from './messages.service.ts';

const FILE_FIELDS = new Set(['file', 'files[]', 'files', 'attachment', 'attachments[]']);

const isFileTooLarge = (err: unknown) =>
  err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads the upload form: one file (the first file part), the caption, reply and client id. The
 * file is checked from its bytes and stored before the message row is written; if anything
 * fails after that, the stored file is deleted.
 */
async function readFileForm(request: FastifyRequest, files: ChatFiles) {
  const fields: Record<string, string> = {};
  let attachment: StoredAttachment | undefined;
  if (!request.isMultipart()) throw new Invalid({ file: [TEXT.noFiles] }, TEXT.noFiles);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(part.fieldname in fields) && typeof part.value === 'string')
          fields[part.fieldname] = part.value;
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname) || attachment) {
        part.file.resume();
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if (isFileTooLarge(err)) throw attachmentTooLarge(1);
        throw err;
      }
      if (part.file.truncated) throw attachmentTooLarge(1);
      if (bytes.length === 0) continue;
      attachment = await files.save(bytes, part.filename, 1);
    }
  } catch (err) {
    if (attachment) await files.remove(attachment).catch(() => undefined);
    throw err;
  }
  if (!attachment) {
    // A file field that came as text (or only empty files) is "no valid file", not "no file".
    const text = [...FILE_FIELDS].some((name) => name in fields) ? TEXT.noValidFiles : TEXT.noFiles;
    throw new Invalid({ file: [text] }, text);
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
  app.register(async (plain) => {
    const child = plain.withTypeProvider<ZodTypeProvider>();
    await child.register(multipart, {
      limits: {
        fileSize: LIMITS.fileMaxBytes,
        files: 5,
        fields: 10,
        fieldSize: LIMITS.chatMessageMax * 4 + 1024,
        parts: 20,
        headerPairs: 100,
      },
      throwFileSizeLimit: true,
    });

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
          if (!parsed.success) {
            const errors: Record<string, string[]> = {};
            for (const issue of parsed.error.issues) {
              const key = String(issue.path[0] ?? 'message');
              errors[key] = [...(errors[key] ?? []), issue.message];
            }
            throw new Invalid(errors);
          }
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
          await files.remove(attachment).catch(() => undefined);
          throw err;
        }
      },
    );
  });
}
