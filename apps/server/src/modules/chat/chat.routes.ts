import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  conversationParams,
  conversationSchema,
  conversationSearchQuery,
  conversationSearchResult,
  conversationsQuery,
  conversationsResult,
  createConversationRequest,
  deleteConversationsRequest,
  deleteConversationsResult,
  fileQuery,
  markReadRequest,
  markReadResult,
  messageParams,
  messageSchema,
  messageSearchResult,
  messagesParams,
  messagesQuery,
  messagesResult,
  participantsResult,
  sendFileFields,
  sendMessageRequest,
  unreadCountResult,
  updateMessageRequest,
} from '@makan/contract/chat';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { LIMITS } from '@makan/contract/limits';
import { TEXT } from '@makan/contract/texts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { fieldFailures } from '../../lib/field-errors.ts';
import { contentDisposition } from '../../lib/file-name.ts';
import type { App } from '../../lib/http.ts';
import { inMemory, multipartRoutes, readForm } from '../../lib/multipart.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { ChatService } from './chat.service.ts';
import { attachmentTooLarge, type ChatFiles } from './chat-files.ts';

export type ChatRoutesDeps = { chat: ChatService; guard: AuthGuard; files: ChatFiles };

const security = [{ bearerAuth: [] }];
const tags = ['chat'];
const failures = { 401: failureSchema, 403: failureSchema, 404: failureSchema, 422: failureSchema };
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

/** Chat over HTTP (spec §7 Chat): conversations, messages, files, read markers, search. */
export function chatRoutes(app: App, { chat, guard, files }: ChatRoutesDeps) {
  const me = (request: FastifyRequest) => guard.session(request).userId;
  const auth = { onRequest: guard.preHandler };

  app.get(
    '/api/chat/conversations',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Your conversations, newest activity first, 20 a page, with unread counts',
        querystring: conversationsQuery,
        response: { 200: successSchema(conversationsResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await chat.list(me(request), request.query.page, request.query.per_page),
    }),
  );

  app.post(
    '/api/chat/conversations',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Start (or reopen) the private conversation with a user',
        description:
          'Answers 201 with a new conversation, or 200 with the existing one: there is one per pair of people.',
        body: createConversationRequest,
        response: {
          200: successSchema(conversationSchema),
          201: successSchema(conversationSchema),
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await chat.open(me(request), request.body.user_id);
      return reply.status(created ? 201 : 200).send({ status: true as const, data: conversation });
    },
  );

  app.delete(
    '/api/chat/conversations',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Delete conversations for yourself (the other side keeps them)',
        description:
          'Hides each conversation from your list and clears its history for you; a new message brings it back.',
        body: deleteConversationsRequest,
        response: { 200: successSchema(deleteConversationsResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.conversationsDeleted,
      data: await chat.hide(me(request), request.body.conversation_ids),
    }),
  );

  app.get(
    '/api/chat/conversations/search',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "Your conversations whose other participant's name or a message matches q",
        querystring: conversationSearchQuery,
        response: { 200: successSchema(conversationSearchResult), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await chat.search(me(request), request.query.q) }),
  );

  app.get(
    '/api/chat/conversations/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One of your conversations',
        params: conversationParams,
        response: { 200: successSchema(conversationSchema), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await chat.get(me(request), request.params.id) }),
  );

  app.get(
    '/api/chat/conversations/:id/messages',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Messages: page 1 is the newest; before=<id> for older, after=<id> to catch up',
        description:
          'Messages are in ascending id order within a page. after= answers everything newer than that message, oldest first, per_page at most (has_more tells).',
        params: messagesParams,
        querystring: messagesQuery,
        response: { 200: successSchema(messagesResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await chat.messages(me(request), request.params.id, request.query),
    }),
  );

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Send a text message (idempotent by client_id)',
        description: 'Sending the same client_id again answers 200 with the message stored the first time.',
        params: conversationParams,
        body: sendMessageRequest,
        response: { 200: successSchema(messageSchema), 201: successSchema(messageSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { message, created } = await chat.send(me(request), request.params.id, request.body);
      return reply
        .status(created ? 201 : 200)
        .send({ status: true as const, message: TEXT.messageSent, data: message });
    },
  );

  app.put(
    '/api/chat/conversations/:id/messages/:messageId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Edit your text message',
        params: messageParams,
        body: updateMessageRequest,
        response: { 200: successSchema(messageSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.messageUpdated,
      data: await chat.edit(me(request), request.params.id, request.params.messageId, request.body.content),
    }),
  );

  app.delete(
    '/api/chat/conversations/:id/messages/:messageId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Delete your message (it stays as "deleted"; its file is removed)',
        params: messageParams,
        response: { 200: successSchema(messageSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.messageDeleted,
      data: await chat.remove(me(request), request.params.id, request.params.messageId),
    }),
  );

  app.post(
    '/api/chat/conversations/:id/read',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Mark the conversation read (up to message_id, default the latest)',
        params: conversationParams,
        body: markReadRequest,
        response: { 200: successSchema(markReadResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await chat.markRead(me(request), request.params.id, request.body?.message_id),
    }),
  );

  app.get(
    '/api/chat/unread-count',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Unread messages: the total and per conversation',
        response: { 200: successSchema(unreadCountResult), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await chat.unreadCounts(me(request)) }),
  );

  app.get(
    '/api/chat/conversations/:id/messages/search',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Messages of the conversation containing q, newest first (50 at most)',
        params: messagesParams,
        querystring: conversationSearchQuery,
        response: { 200: successSchema(messageSearchResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await chat.searchMessages(me(request), request.params.id, request.query.q),
    }),
  );

  app.get(
    '/api/chat/conversations/:id/participants',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'The participants of the conversation',
        params: conversationParams,
        response: { 200: successSchema(participantsResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await chat.participants(me(request), request.params.id),
    }),
  );

  app.post(
    '/api/chat/conversations/:id/leave',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Leave the conversation: it leaves your list, and the other side can no longer write',
        params: conversationParams,
        response: { 200: successSchema(z.object({ conversation_id: z.number().int() })), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.conversationLeftSelf,
      data: await chat.leave(me(request), request.params.id),
    }),
  );

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
      const file = files.pathOf(found.attachment, size);
      const info = file ? await stat(file).catch(() => undefined) : undefined;
      if (!file || !info) throw new NotFound();
      const inline = found.attachment.kind === 'image';
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .header(
          'content-type',
          inline
            ? 'image/webp'
            : `${found.attachment.mimeType}${found.attachment.mimeType === 'text/plain' ? '; charset=utf-8' : ''}`,
        )
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', found.attachment.fileName),
        )
        .send(createReadStream(file));
    },
  );

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
          await files.remove(attachment).catch(() => undefined);
          throw err;
        }
      },
    );
  });
}
