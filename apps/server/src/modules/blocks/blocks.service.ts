import type { BlockedUser } from '@makan/contract/blocks';
import { userChannel } from '@makan/contract/realtime';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { ChatPublisher } from '../chat/chat-access.service.ts';
import type { ConversationsRepository } from '../chat/conversations.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { BlocksRepository } from './blocks.repository.ts';

type Deps = {
  blocks: BlocksRepository;
  users: UsersRepository;
  conversations: ConversationsRepository;
  publisher: ChatPublisher;
  clock: Clock;
  pictureUrl: (key: string) => string;
};

/** Blocking and unblocking another account, and the list of those one blocked. */
export function createBlocksService({ blocks, users, conversations, publisher, clock, pictureUrl }: Deps) {
  async function target(viewerId: number, userId: number) {
    if (userId === viewerId) throw new Invalid({ user_id: 'cannotBlockSelf' }, 'cannotBlockSelf');
    const user = await users.findById(userId);
    if (!user) throw new NotFound('userNotFound');
    return user;
  }

  /**
   * Tells both people's open chats whether their conversation can still be written to, on every
   * process (the publisher goes through the Socket.IO adapter). `blocked_by_me` goes to the blocker
   * only: the other is not told why.
   */
  async function conversationChanged(blockerId: number, otherId: number) {
    const conversationId = await conversations.pairConversation(blockerId, otherId);
    if (conversationId === undefined) return;
    const participants = await conversations.participants(conversationId);
    const { byA: byMe, byB: byOther } = await blocks.pair(blockerId, otherId);
    const isActive =
      participants.length === 2 && participants.every((p) => p.leftAt === null) && !byMe && !byOther;
    publisher.publish([userChannel(blockerId)], 'ConversationUpdated', {
      conversationId,
      updates: { is_active: isActive, blocked_by_me: byMe },
    });
    publisher.publish([userChannel(otherId)], 'ConversationUpdated', {
      conversationId,
      updates: { is_active: isActive },
    });
  }

  return {
    async block(viewerId: number, userId: number) {
      await target(viewerId, userId);
      await blocks.block(viewerId, userId, clock.now());
      await conversationChanged(viewerId, userId);
      return { user_id: userId, is_blocked: true };
    },

    async unblock(viewerId: number, userId: number) {
      await target(viewerId, userId);
      await blocks.unblock(viewerId, userId);
      await conversationChanged(viewerId, userId);
      return { user_id: userId, is_blocked: false };
    },

    async list(viewerId: number): Promise<{ users: BlockedUser[] }> {
      const rows = await blocks.blockedBy(viewerId);
      return {
        users: rows.map((r) => ({
          id: r.id,
          name: r.name,
          user_type: r.userType,
          picture: r.pictureKey ? { url: pictureUrl(r.pictureKey) } : null,
          blocked_at: r.blockedAt.toISOString(),
        })),
      };
    },
  };
}
export type BlocksService = ReturnType<typeof createBlocksService>;
