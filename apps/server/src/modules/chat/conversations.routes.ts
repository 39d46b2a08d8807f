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
  participantsResult,
} from '@makan/contract/chat';
import { successSchema } from '@makan/contract/envelope';
import { TEXT } from '@makan/contract/texts';
import { z } from 'zod';
import { fastResponse } from '../../lib/fast-serializer.ts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { failures, security, signedIn, tags } from './chat-http.ts';
import type { ConversationsService } from './conversations.service.ts';

/** Your conversations: the list, opening one, search, one conversation, its participants, deleting and leaving. */
export function conversationRoutes(
  app: App,
  { chat, guard }: { chat: ConversationsService; guard: AuthGuard },
) {
  const { me, auth } = signedIn(guard);

  app.get(
    '/api/chat/conversations',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Your conversations, newest activity first, 20 a page, with unread counts',
        querystring: conversationsQuery,
        response: { 200: fastResponse(successSchema(conversationsResult)), ...failures },
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
}
