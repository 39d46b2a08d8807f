import type { Conversation } from '@makan/contract/chat';
import { normalizeSearchText } from '@makan/contract/cities';
import { LIMITS } from '@makan/contract/limits';
import { conversationChannel, userChannel } from '@makan/contract/realtime';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { type ChatAccess, type ChatPublisher, conversationNotFound } from './chat-access.service.ts';
import type { ChatViews } from './chat-views.service.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import type { MessageSendRepository } from './message-send.repository.ts';

export type ConversationsServiceDeps = {
  conversations: ConversationsRepository;
  messageSend: MessageSendRepository;
  access: ChatAccess;
  views: ChatViews;
  clock: Clock;
  publisher: ChatPublisher;
  /** Whether a block stands between two users, either way round. */
  blockedBetween: (a: number, b: number) => Promise<boolean>;
};

/**
 * One-to-one conversations: a user's list of them, opening one with another user, searching,
 * deleting them from one's own list and leaving them.
 */
export function createConversationsService(deps: ConversationsServiceDeps) {
  const { conversations, messageSend, access, views, clock, publisher } = deps;
  const { membership } = access;
  const { userView, messagesView, viewConversations } = views;

  return {
    async nameOf(userId: number): Promise<string> {
      const [user] = await conversations.findUsers([userId]);
      return user?.name ?? '';
    },

    async list(viewerId: number, page: number, perPage: number) {
      const { ids, total } = await conversations.listIds(viewerId, (page - 1) * perPage, perPage);
      return {
        conversations: await viewConversations(viewerId, ids),
        pagination: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          per_page: perPage,
          total,
        },
      };
    },

    async get(viewerId: number, conversationId: number): Promise<Conversation> {
      await membership(viewerId, conversationId);
      const [conversation] = await viewConversations(viewerId, [conversationId]);
      if (!conversation) throw conversationNotFound(conversationId);
      return conversation;
    },

    /** The private conversation with another user: the existing one, or a new one. */
    async open(viewerId: number, otherId: number) {
      if (otherId === viewerId) throw new Invalid({ user_id: 'cannotMessageSelf' }, 'cannotMessageSelf');
      const [other] = await conversations.findUsers([otherId]);
      if (!other) throw new NotFound('userNotFound');
      if (await deps.blockedBetween(viewerId, otherId)) throw new Forbidden('userUnavailable');
      const { id, created, rejoined } = await conversations.openPrivate(viewerId, otherId, clock.now());
      const [conversation] = await viewConversations(viewerId, [id]);
      if (!conversation) throw conversationNotFound(id);
      if (rejoined) {
        publisher.publish([userChannel(otherId)], 'ConversationUpdated', {
          conversationId: id,
          updates: { is_active: conversation.is_active },
        });
      }
      return { conversation, created };
    },

    async search(viewerId: number, q: string) {
      const ids = await conversations.search(
        viewerId,
        containsPattern(q.toLowerCase()),
        containsPattern(normalizeSearchText(q)),
        LIMITS.conversationsPerPage,
      );
      return { conversations: await viewConversations(viewerId, ids) };
    },

    async participants(viewerId: number, conversationId: number) {
      const { participants } = await membership(viewerId, conversationId);
      const users = new Map(
        (await conversations.findUsers(participants.map((p) => p.userId))).map((u) => [u.id, u]),
      );
      return { participants: participants.map((p) => userView(users.get(p.userId), p.userId)) };
    },

    /** Hides conversations for the viewer only (others keep them); ids not theirs are ignored. */
    async hide(viewerId: number, conversationIds: number[]) {
      const deleted = await conversations.hide(viewerId, [...new Set(conversationIds)]);
      return { deleted };
    },

    async leave(viewerId: number, conversationId: number) {
      const { participants } = await membership(viewerId, conversationId);
      const left = await messageSend.leave(conversationId, viewerId, clock.now());
      if (!left) throw conversationNotFound(conversationId);
      publisher.removeFromChannel(viewerId, conversationId);
      const others = participants.filter((p) => p.userId !== viewerId);
      // Viewed with the participants as they are now that the viewer has left.
      const [message] = await messagesView(conversationId, [left.id]);
      if (message) {
        publisher.publish(
          [conversationChannel(conversationId), ...others.map((p) => userChannel(p.userId))],
          'MessageSent',
          { message, previousMessageId: left.previousId },
        );
      }
      publisher.publish(
        others.map((p) => userChannel(p.userId)),
        'ConversationUpdated',
        { conversationId, updates: { is_active: false } },
      );
      return { conversation_id: conversationId };
    },
  };
}
export type ConversationsService = ReturnType<typeof createConversationsService>;
