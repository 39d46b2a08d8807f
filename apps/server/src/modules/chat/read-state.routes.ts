import { conversationParams, markReadRequest, markReadResult, unreadCountResult } from '@makan/contract/chat';
import { successSchema } from '@makan/contract/envelope';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { failures, security, signedIn, tags } from './chat-http.ts';
import type { ReadStateService } from './read-state.service.ts';

/** Read markers and unread counts. */
export function readStateRoutes(app: App, { chat, guard }: { chat: ReadStateService; guard: AuthGuard }) {
  const { me, auth } = signedIn(guard);

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
}
