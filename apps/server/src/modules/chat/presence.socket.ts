import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeServer } from '../../plugins/realtime.ts';
import type { PresenceService } from './presence.service.ts';

/**
 * Tells the presence service when a user's socket opens and closes. Its work runs in the
 * background (a socket's life does not wait on it); `drain` waits for what is under way, so a
 * process shutting down stores its users' `last_seen_at` before the database closes.
 */
export function presenceSocket(
  io: RealtimeServer,
  { presence, log }: { presence: PresenceService; log: FastifyBaseLogger },
) {
  const pending = new Set<Promise<void>>();
  const track = (what: string, userId: number, work: Promise<void>) => {
    const done = work
      .catch((err: unknown) => log.warn({ err, userId }, `presence ${what} failed`))
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  io.on('connection', (socket) => {
    const userId = socket.data.userId;
    track('connect', userId, presence.connected(userId));
    // 'disconnect' fires once the socket has left its rooms: the look-up counts only the others.
    socket.once('disconnect', () => track('disconnect', userId, presence.disconnected(userId)));
  });
  return {
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
