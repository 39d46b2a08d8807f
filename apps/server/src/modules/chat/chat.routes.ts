import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { ChatService } from './chat.service.ts';
import type { ChatFiles } from './chat-files.ts';
import { conversationRoutes } from './conversations.routes.ts';
import { chatFileRoutes } from './files.routes.ts';
import { messageRoutes } from './messages.routes.ts';
import { readStateRoutes } from './read-state.routes.ts';
import { chatUploadRoutes } from './uploads.routes.ts';

export type ChatRoutesDeps = { chat: ChatService; guard: AuthGuard; files: ChatFiles };

/** Chat over HTTP (spec §7 Chat): conversations, messages, files, read markers, search. */
export function chatRoutes(app: App, { chat, guard, files }: ChatRoutesDeps) {
  conversationRoutes(app, { chat, guard });
  messageRoutes(app, { chat, guard });
  readStateRoutes(app, { chat, guard });
  chatFileRoutes(app, { chat, files });
  chatUploadRoutes(app, { chat, guard, files });
}
