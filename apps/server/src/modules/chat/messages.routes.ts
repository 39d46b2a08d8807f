import {
  conversationParams,
  conversationSearchQuery,
  messageParams,
  messageSchema,
  messageSearchResult,
  messagesParams,
  messagesQuery,
  messagesResult,
  sendMessageRequest,
  updateMessageRequest,
} from '@makan/contract/chat';
import { successSchema } from '@makan/contract/envelope';
import { TEXT } from '@makan/contract/texts';
import { fastResponse } from '../../lib/fast-serializer.ts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { failures, security, signedIn, tags } from './chat-http.ts';
import type { MessagesService } from './messages.service.ts';

/** The messages of a conversation: pages of them, sending text, editing, deleting, searching. */
export function messageRoutes(app: App, { chat, guard }: { chat: MessagesService; guard: AuthGuard }) {
  const { me, auth } = signedIn(guard);

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
        response: { 200: fastResponse(successSchema(messagesResult)), ...failures },
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
}
