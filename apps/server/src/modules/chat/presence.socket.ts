import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeServer, RealtimeSocket } from '../../plugins/realtime.ts';
import type { PresenceService } from './presence.service.ts';

/**
 * Tells the presence service when a user's socket opens and closes, and every `heartbeatMs` which
 * users still have one open here (so a process that dies without closing them leaves a recent last
 * seen). Its work runs in the background (a socket's life does not wait on it); `drain` stops the
 * heartbeat and waits for what is under way, so a process shutting down stores its users'
 * `last_seen_at` before the database closes.
 */
export function presenceSocket(
  io: RealtimeServer,
  { presence, log, heartbeatMs }: { presence: PresenceService; log: FastifyBaseLogger; heartbeatMs: number },
) {
  const pending = new Set<Promise<void>>();
  const track = (what: string, fields: { userId?: number; users?: number }, work: Promise<void>) => {
    const done = work
      .catch((err: unknown) => log.warn({ err, ...fields }, `presence ${what} failed`))
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  /** Sockets open on this process, per user. */
  const here = new Map<number, number>();
  // 'disconnect' fires once, after the socket has left its rooms: the look-up counts only the others.
  // One function for every socket (called with the socket as `this`): no closure kept per socket.
  function gone(this: RealtimeSocket) {
    const userId = this.data.userId;
    const left = (here.get(userId) ?? 1) - 1;
    if (left > 0) here.set(userId, left);
    else here.delete(userId);
    track('disconnect', { userId }, presence.disconnected(userId));
  }
  io.on('connection', (socket) => {
    const userId = socket.data.userId;
    here.set(userId, (here.get(userId) ?? 0) + 1);
    track('connect', { userId }, presence.connected(userId));
    socket.on('disconnect', gone);
  });
  const heartbeat = setInterval(() => {
    if (here.size > 0) track('heartbeat', { users: here.size }, presence.stillHere([...here.keys()]));
  }, heartbeatMs);
  heartbeat.unref();
  return {
    async drain() {
      clearInterval(heartbeat);
      await Promise.allSettled([...pending]);
    },
  };
}
