import { conversationChannel, type ServerToClientEvents, userChannel } from '@makan/contract/realtime';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import type { ConversationsRepository, ParticipantRow } from './conversations.repository.ts';

/** How the services tell connected clients; the real-time plugin implements it (Socket.IO rooms). */
export type ChatPublisher = {
  publish<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
  /** Takes a user's sockets out of a conversation's channel (they left). */
  removeFromChannel(userId: number, conversationId: number): void;
};

export const conversationNotFound = (id: number) =>
  new NotFound({ code: 'conversationNotFound', params: { id } });

/** Where news of a conversation goes: its channel, and each participant still in it. */
export const roomsOf = (conversationId: number, participants: ParticipantRow[]) => [
  conversationChannel(conversationId),
  ...participants.filter((p) => p.leftAt === null).map((p) => userChannel(p.userId)),
];

/** Nobody writes to a conversation someone left, or whose other person's account was erased. */
export function assertActive(participants: ParticipantRow[]) {
  if (participants.length < 2 || participants.some((p) => p.leftAt !== null)) {
    throw new Forbidden('conversationLeft');
  }
}

/** Who may read and write a conversation: the services and the socket ask here first. */
export function createChatAccess({ conversations }: { conversations: ConversationsRepository }) {
  return {
    /**
     * The viewer's side of a conversation they take part in. Anyone else, and anyone who left,
     * is told the conversation does not exist (no hint that it does).
     */
    async membership(viewerId: number, conversationId: number) {
      const participants = await conversations.participants(conversationId);
      const me = participants.find((p) => p.userId === viewerId && p.leftAt === null);
      if (!me) throw conversationNotFound(conversationId);
      return { me, participants };
    },
  };
}
export type ChatAccess = ReturnType<typeof createChatAccess>;
