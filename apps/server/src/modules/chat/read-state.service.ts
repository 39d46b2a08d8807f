import type { UnreadCounts } from '@makan/contract/chat';
import type { Clock } from '../../lib/clock.ts';
import { type ChatAccess, type ChatPublisher, roomsOf } from './chat-access.service.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import type { ReadStateRepository } from './read-state.repository.ts';

export type ReadStateServiceDeps = {
  conversations: ConversationsRepository;
  readState: ReadStateRepository;
  access: ChatAccess;
  clock: Clock;
  publisher: ChatPublisher;
};

/** What unread means: each reader's marker, kept on the server, and the counts it gives. */
export function createReadStateService(deps: ReadStateServiceDeps) {
  const { conversations, readState, access, clock, publisher } = deps;

  return {
    /** Moves the reader's marker (default: to the latest message) and tells both sides. */
    async markRead(viewerId: number, conversationId: number, upTo?: number) {
      const { participants } = await access.membership(viewerId, conversationId);
      const conversation = await conversations.findConversation(conversationId);
      const latest = conversation?.lastMessageId ?? 0;
      const target = Math.min(upTo ?? latest, latest);
      const { current, ids } = await readState.markRead(conversationId, viewerId, target, clock.now());
      if (ids.length > 0) {
        publisher.publish(roomsOf(conversationId, participants), 'MessageRead', {
          conversationId,
          lastReadMessageId: current,
          messageIds: ids,
          userId: viewerId,
        });
      }
      const unread = (await readState.unreadCounts(viewerId, [conversationId])).get(conversationId) ?? 0;
      return {
        conversation_id: conversationId,
        last_read_message_id: current,
        message_ids: ids,
        unread_count: unread,
      };
    },

    async unreadCounts(viewerId: number): Promise<UnreadCounts> {
      const counts = await readState.unreadCounts(viewerId);
      const conversations = [...counts].map(([conversation_id, unread_count]) => ({
        conversation_id,
        unread_count,
      }));
      const total = conversations.reduce((sum, c) => sum + c.unread_count, 0);
      return { unread_count: total, total, conversations };
    },
  };
}
export type ReadStateService = ReturnType<typeof createReadStateService>;
