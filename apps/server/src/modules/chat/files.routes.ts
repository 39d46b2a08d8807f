import { fileQuery } from '@makan/contract/chat';
import { z } from 'zod';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { contentDisposition } from '../../lib/file-name.ts';
import type { App } from '../../lib/http.ts';
import type { AttachmentsService } from './attachments.service.ts';
import type { ChatFiles } from './chat-files.ts';
import { tags } from './chat-http.ts';

/** Downloads of chat attachments, by the signed addresses their messages give (no bearer token). */
export function chatFileRoutes(app: App, { chat, files }: { chat: AttachmentsService; files: ChatFiles }) {
  app.get(
    '/api/chat/files/:id',
    {
      schema: {
        tags,
        summary: 'A chat attachment, by the signed address given in its message',
        description:
          'No bearer token (the address is the permission): valid for one to two days. Images inline, PDF and text as downloads.',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const { size, expires, signature } = request.query;
      const found = await chat.fileFor(request.params.id, size, expires, signature);
      if (!found) throw new Forbidden();
      // Streamed from the store as it comes, whichever store it is: never held whole in memory.
      const file = await files.open(found.attachment, size);
      if (!file) throw new NotFound();
      const inline = found.attachment.kind === 'image';
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .header(
          'content-type',
          inline
            ? 'image/webp'
            : `${found.attachment.mimeType}${found.attachment.mimeType === 'text/plain' ? '; charset=utf-8' : ''}`,
        )
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', found.attachment.fileName),
        )
        .send(file.body);
    },
  );
}
