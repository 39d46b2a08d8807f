import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { AttachmentsService } from './attachments.service.ts';
import type { ChatFiles } from './chat-files.ts';
import { conversationRoutes } from './conversations.routes.ts';
import type { ConversationsService } from './conversations.service.ts';
import { chatFileRoutes } from './files.routes.ts';
import { messageRoutes } from './messages.routes.ts';
import type { MessagesService } from './messages.service.ts';
import { readStateRoutes } from './read-state.routes.ts';
import type { ReadStateService } from './read-state.service.ts';
import { chatUploadRoutes } from './uploads.routes.ts';

export type ChatRoutesDeps = {
  conversations: ConversationsService;
  messages: MessagesService;
  readState: ReadStateService;
  attachments: AttachmentsService;
  guard: AuthGuard;
  files: ChatFiles;
};

/** Chat over HTTP (spec §7 Chat): conversations, messages, files, read markers, search. */
export function chatRoutes(app: App, deps: ChatRoutesDeps) {
  const { guard, files } = deps;
  conversationRoutes(app, { chat: deps.conversations, guard });
  messageRoutes(app, { chat: deps.messages, guard });
  readStateRoutes(app, { chat: deps.readState, guard });
  chatFileRoutes(app, { chat: deps.attachments, files });
  chatUploadRoutes(app, { chat: deps.messages, guard, files });
}
