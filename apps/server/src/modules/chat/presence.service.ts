import type { ChatSettings, Presence } from '@makan/contract/chat';
import { userChannel } from '@makan/contract/realtime';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import type { ChatPublisher } from './chat-access.service.ts';
import type { PresenceRepository, PresenceRow } from './presence.repository.ts';

/** Which of these users have a socket open on any server process (the real-time plugin answers). */
export type OnlineLookup = (userIds: number[]) => Promise<Set<number>>;

const hidden = (userId: number): Presence => ({ user_id: userId, online: false, last_seen_at: null });

/**
 * Presence (issue 19): a user is online while at least one of their sockets is connected, on any
 * process. When the last one closes, `last_seen_at` is stored. Only people who share a
 * conversation with them learn either, and only while both show their presence: a user who hides
 * theirs is shown to nobody and is shown nobody's (as chat apps do).
 */
export function createPresenceService({
  presence,
  online,
  publisher,
  clock,
}: {
  presence: PresenceRepository;
  online: OnlineLookup;
  publisher: Pick<ChatPublisher, 'publish'>;
  clock: Clock;
}) {
  function view(row: PresenceRow, onlineNow: Set<number>): Presence {
    if (!row.showPresence) return hidden(row.id);
    if (onlineNow.has(row.id)) return { user_id: row.id, online: true, last_seen_at: null };
    return { user_id: row.id, online: false, last_seen_at: row.lastSeenAt?.toISOString() ?? null };
  }

  /** Tells the partners who show their own presence how `userId` is seen now. */
  async function announce(userId: number, state: Presence) {
    const partners = await presence.sharing(userId);
    const rooms = partners.filter((p) => p.showPresence).map((p) => userChannel(p.id));
    publisher.publish(rooms, 'PresenceChanged', state);
  }

  async function settingsRow(userId: number) {
    const row = await presence.find(userId);
    if (!row) throw new NotFound('userNotFound');
    return row;
  }

  return {
    /** The presence of those of `userIds` who share a conversation with the viewer; strangers are left out. */
    async list(viewerId: number, userIds: number[]): Promise<Presence[]> {
      const [me, rows] = await Promise.all([settingsRow(viewerId), presence.sharing(viewerId, userIds)]);
      if (!me.showPresence) return rows.map((r) => hidden(r.id));
      const shown = rows.filter((r) => r.showPresence);
      const onlineNow = shown.length > 0 ? await online(shown.map((r) => r.id)) : new Set<number>();
      return rows.map((r) => view(r, onlineNow));
    },

    /** A socket of the user opened: they are online (again, when another tab was already open: harmless). */
    async connected(userId: number) {
      const me = await presence.find(userId);
      if (!me?.showPresence) return;
      await announce(userId, { user_id: userId, online: true, last_seen_at: null });
    },

    /**
     * A socket of the user closed. When none is left on any process, the time is stored and the
     * partners told, unless a socket opened meanwhile (then its own `connected` told them).
     */
    async disconnected(userId: number) {
      if ((await online([userId])).has(userId)) return;
      const at = clock.now();
      await presence.setLastSeen([userId], at);
      const me = await presence.find(userId);
      if (!me?.showPresence) return;
      if ((await online([userId])).has(userId)) return;
      await announce(userId, { user_id: userId, online: false, last_seen_at: at.toISOString() });
    },

    /**
     * Still here: `last_seen_at` is now for users with a socket open on this process (a heartbeat).
     * Shown only once they are offline, so it matters only if this process ends without closing
     * their sockets: their last seen is then at most one heartbeat old.
     */
    async stillHere(userIds: number[]) {
      await presence.setLastSeen(userIds, clock.now());
    },

    async settings(userId: number): Promise<ChatSettings> {
      return { show_presence: (await settingsRow(userId)).showPresence };
    },

    /** Turning presence off hides it from everyone at once; turning it on shows the current state. */
    async setShowPresence(userId: number, show: boolean): Promise<ChatSettings> {
      await settingsRow(userId);
      await presence.setShowPresence(userId, show, clock.now());
      const me = await settingsRow(userId);
      await announce(userId, show ? view(me, await online([userId])) : hidden(userId));
      return { show_presence: me.showPresence };
    },
  };
}
export type PresenceService = ReturnType<typeof createPresenceService>;
