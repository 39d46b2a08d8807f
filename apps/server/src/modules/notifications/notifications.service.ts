import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DIGEST,
  type ListingChange,
  listingChange,
  MESSAGE_NOTIFY_DELAY_MS,
  type ModerationOutcome,
  type Notification,
  type NotificationPreferences,
  type NotificationsChangedEvent,
  PREFERENCE_KINDS,
  type PreferenceKind,
  UNSUBSCRIBE_PATH,
} from '@makan/contract/notifications';
import { userChannel } from '@makan/contract/realtime';
import { z } from 'zod';
import type { MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { excerpt } from '../../lib/excerpt.ts';
import type { Logger } from '../../lib/logger.ts';
import { createPacer } from '../../lib/pace.ts';
import { createWorkerLoop } from '../../lib/worker-loop.ts';
import { digestEmail } from './notifications.messages.ts';
import type { EventInsert, EventWrites, NotificationsRepository } from './notifications.repository.ts';

type EventRow = Awaited<ReturnType<NotificationsRepository['claim']>>[number];

export type NotificationsDeps = {
  notifications: NotificationsRepository;
  /**
   * The same on the connections background work uses (DatabaseHandle's `background`): the queue's
   * work never waits behind requests for a connection, nor takes one from them. Unset: the same.
   */
  queue?: NotificationsRepository;
  clock: Clock;
  /** Who wrote a listing; undefined when it is gone. */
  postAuthor: (postId: number) => Promise<number | undefined>;
  comment: (
    commentId: number,
  ) => Promise<{ userId: number; postId: number; parentId: number | null; body: string } | undefined>;
  /** Everyone `userId` must not meet: blocked either way, suspended. */
  hiddenFrom: (userId: number) => Promise<ReadonlySet<number>>;
  pictureUrl: (key: string) => string;
  publish: (rooms: string[], event: 'NotificationsChanged', payload: NotificationsChangedEvent) => void;
  log: Pick<Logger, 'warn'>;
  /** The email digest (issue 22): who of these has the app open now (a socket on any process). */
  online: (userIds: number[]) => Promise<Set<number>>;
  sendEmail: (message: MailMessage) => Promise<void>;
  publicUrl: string;
  /** The key that signs unsubscribe links (kept in the database like the other server secrets). */
  unsubscribeSecret: () => Promise<string>;
  digest: { awayMs: number; gapMs: number };
  /** Followers told of a new listing per transaction. */
  fanOutChunk: number;
  /**
   * The share of the time (0 to 1) a fan-out works: between two chunks it rests in proportion, so
   * the requests waiting for the database and the event loop go first.
   */
  fanOutShare: number;
  /** A claimed event not processed in this long is taken again (its process died). */
  leaseMs: number;
  /** Pushes were queued with notifications just committed (push.service sends them). */
  pushQueued: () => void;
};

const BATCH = 100;
/** Events claimed at a time: few, so a process stopping or dying holds few for their lease. */
const CLAIM_BATCH = 25;
const isPreferenceKind = (kind: string): kind is PreferenceKind =>
  (PREFERENCE_KINDS as readonly string[]).includes(kind);
const MAX_ATTEMPTS = 5;
/** Messages older than this when first found are not notified (a server down for a day, say). */
const MESSAGE_WINDOW_MS = 24 * 3_600_000;

const foreignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};

const encodeCursor = (at: Date, id: number) => `${String(at.getTime()).padStart(13, '0')}_${id}`;
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('_');
  return { at: new Date(Number(at)), id: Number(id) };
}

/**
 * Notifications (issue 22): actions enqueue what happened (`record`); a worker in every process
 * turns events into grouped notifications, one transaction per event, and tells the recipient's
 * sockets on every process. Own actions and blocked users never notify.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { notifications, clock } = deps;
  /** What the workers read and write through: connections of their own, not the requests'. */
  const queue = deps.queue ?? notifications;
  const fanOutPace = createPacer({ share: deps.fanOutShare });

  /** Who is told of an event, and how it groups; nobody (undefined) when nobody should be. */
  async function plan(event: EventRow): Promise<
    | {
        recipients: number[];
        groupKey: (recipient: number) => string;
        kind: Notification['kind'];
        postId?: number | null;
        commentId?: number | null;
        conversationId?: number | null;
        excerpt?: string | null;
        outcome?: ModerationOutcome | null;
        change?: ListingChange | null;
        leave?: boolean;
        /**
         * Recipients already screened in the query that found them (blocks, suspension, the
         * in-app switch), with who of them wants a push: nothing more to read per recipient.
         */
        screened?: { push: ReadonlySet<number> };
      }
    | undefined
  > {
    switch (event.kind) {
      case 'like':
      case 'unlike': {
        // What is true now, with the author, in one statement: an event processed after a later one
        // (two workers at once) tells nothing.
        const now =
          event.post_id !== null && event.actor_id !== null
            ? await queue.likeNow(event.post_id, event.actor_id)
            : undefined;
        if (!now || now.liked !== (event.kind === 'like')) return undefined;
        return {
          recipients: [now.author],
          groupKey: () => `like:post:${event.post_id}`,
          kind: 'like',
          postId: event.post_id,
          leave: event.kind === 'unlike',
        };
      }
      case 'comment':
      case 'reply': {
        const comment = event.comment_id ? await deps.comment(event.comment_id) : undefined;
        if (!comment) return undefined;
        if (event.kind === 'reply') {
          const parent = comment.parentId ? await deps.comment(comment.parentId) : undefined;
          if (!parent) return undefined;
          return {
            recipients: [parent.userId],
            groupKey: () => `reply:comment:${parent.postId}:${comment.parentId}`,
            kind: 'reply',
            postId: comment.postId,
            commentId: comment.parentId,
            excerpt: excerpt(comment.body),
          };
        }
        const author = await deps.postAuthor(comment.postId);
        if (author === undefined) return undefined;
        return {
          recipients: [author],
          groupKey: () => `comment:post:${comment.postId}`,
          kind: 'comment',
          postId: comment.postId,
          commentId: event.comment_id,
          excerpt: excerpt(comment.body),
        };
      }
      case 'follow':
      case 'unfollow':
        if (event.recipient_id === null || event.actor_id === null) return undefined;
        if ((await queue.followsNow(event.actor_id, event.recipient_id)) !== (event.kind === 'follow'))
          return undefined;
        return {
          recipients: [event.recipient_id],
          groupKey: () => 'follow',
          kind: 'follow',
          leave: event.kind === 'unfollow',
        };
      case 'moderation': {
        if (event.recipient_id === null) return undefined;
        const payload = (event.payload ?? {}) as { outcome?: ModerationOutcome; excerpt?: string | null };
        return {
          recipients: [event.recipient_id],
          // Never grouped: each outcome is its own.
          groupKey: () => `moderation:${event.id}`,
          kind: 'moderation',
          outcome: payload.outcome ?? 'report_handled',
          excerpt: excerpt(payload.excerpt),
        };
      }
      case 'mention': {
        // Queued with the mention row (migration 0021); gone when the name was edited out since.
        if (event.recipient_id === null || event.post_id === null) return undefined;
        const named = await queue.mentionText(event.post_id, event.comment_id, event.recipient_id);
        if (!named) return undefined;
        return {
          recipients: [event.recipient_id],
          groupKey: () =>
            event.comment_id === null
              ? `mention:post:${event.post_id}`
              : `mention:comment:${event.comment_id}`,
          kind: 'mention',
          postId: event.post_id,
          commentId: event.comment_id,
          excerpt: excerpt(named.body),
        };
      }
      case 'listing': {
        // A bookmarked listing's price or status changed (migration 0021): the latest change shows.
        const change = listingChange.safeParse((event.payload as { change?: unknown } | null)?.change);
        if (!change.success || event.post_id === null) return undefined;
        const bookmarkers = await queue.bookmarkers(event.post_id, clock.now());
        return {
          recipients: bookmarkers.map((b) => b.user_id),
          screened: { push: new Set(bookmarkers.filter((b) => b.push).map((b) => b.user_id)) },
          groupKey: () => `listing:post:${event.post_id}`,
          kind: 'listing',
          postId: event.post_id,
          change: change.data,
        };
      }
      default:
        return undefined;
    }
  }

  /** One event, in one transaction with its own deletion; answers who to tell. */
  async function processEvent(event: EventRow): Promise<{ recipient: number; id: number | null }[]> {
    const planned = await plan(event);
    const actor = event.actor_id;
    const targets: number[] = [];
    /** Who also gets a push: as they chose per kind; moderation notices always. */
    const pushTo = new Set<number>();
    if (planned) {
      for (const recipient of new Set(planned.recipients)) {
        // Never one's own action; never from someone blocked either way (or suspended).
        if (actor !== null && recipient === actor) continue;
        if (planned.screened) {
          if (planned.screened.push.has(recipient)) pushTo.add(recipient);
          targets.push(recipient);
          continue;
        }
        if (actor !== null && (await deps.hiddenFrom(recipient)).has(actor)) continue;
        // Switched off in the app (taking back is always done: it only removes).
        if (!planned.leave && isPreferenceKind(planned.kind)) {
          const chosen = (await queue.preferences(recipient))[planned.kind];
          if (!chosen.in_app) continue;
          if (chosen.push) pushTo.add(recipient);
        }
        if (planned.kind === 'moderation') pushTo.add(recipient);
        targets.push(recipient);
      }
    }
    const now = clock.now();
    let pushed = false;
    const result = await queue.inTransaction(async (w: EventWrites) => {
      const told: { recipient: number; id: number | null }[] = [];
      for (const recipient of targets) {
        if (!planned) break;
        if (planned.leave) {
          if (
            actor !== null &&
            (await w.leave(recipient, planned.groupKey(recipient), actor, event.created_at))
          )
            told.push({ recipient, id: null });
          continue;
        }
        const id = await w.join({
          recipientId: recipient,
          kind: planned.kind,
          groupKey: planned.groupKey(recipient),
          actorId: actor,
          eventId: event.id,
          postId: planned.postId ?? null,
          commentId: planned.commentId ?? null,
          conversationId: planned.conversationId ?? null,
          excerpt: planned.excerpt ?? null,
          outcome: planned.outcome ?? null,
          change: planned.change ?? null,
          now,
          actedAt: event.created_at,
        });
        told.push({ recipient, id });
        if (pushTo.has(recipient) && (await w.queuePush(recipient, id, now))) pushed = true;
      }
      await w.done(event.id);
      return told;
    });
    if (pushed) deps.pushQueued();
    return result;
  }

  async function views(
    rows: Awaited<ReturnType<NotificationsRepository['page']>>['rows'],
    repo: NotificationsRepository = notifications,
  ) {
    const actors = await repo.actorsOf(rows.map((r) => r.id));
    return rows.map((row): Notification => {
      const mine = actors.filter((a) => a.notification_id === row.id);
      const first = mine[0];
      return {
        id: row.id,
        kind: row.kind,
        actors: mine.map((a) => ({
          id: a.id,
          name: a.name,
          picture: a.picture_key ? { url: deps.pictureUrl(a.picture_key) } : null,
        })),
        actors_count: first?.total ?? 0,
        post_id: row.postId,
        comment_id: row.commentId,
        conversation_id: row.conversationId,
        excerpt: row.excerpt,
        outcome: row.outcome,
        change: listingChange
          .nullable()
          .catch(null)
          .parse(row.change ?? null),
        link: linkOf(row, first?.id),
        read: row.readAt !== null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
    });
  }

  async function tell(told: { recipient: number; id: number | null }[]) {
    for (const { recipient, id } of told) {
      const row = id === null ? undefined : await queue.find(id);
      const [notification] = row ? await views([row], queue) : [];
      deps.publish([userChannel(recipient)], 'NotificationsChanged', {
        unread_count: await queue.unreadCount(recipient),
        notification: notification ?? null,
      });
    }
  }

  /** Tells those of `told` with the app open (a fan-out reaches thousands, most not looking). */
  async function tellOnline(told: { recipient: number; id: number | null }[]) {
    if (told.length === 0) return;
    const online = await deps.online(told.map((t) => t.recipient));
    await tell(told.filter((t) => online.has(t.recipient)));
  }

  /**
   * A new listing, to the author's followers who turned these on: a chunk of followers per
   * transaction, the event keeping how far it got, so a process stopped or killed mid-way leaves
   * the rest to the next pass and tells nobody twice.
   */
  async function fanOutPost(event: EventRow) {
    const authorId = event.actor_id;
    const postId = event.post_id;
    if (authorId === null || postId === null) return queue.drop(event.id);
    let after = z.object({ after: z.number().int() }).catch({ after: 0 }).parse(event.payload).after;
    while (!stopping) {
      const chunk = await fanOutPace.step(() => fanOutChunk(event.id, authorId, postId, after));
      if (!chunk.more) return;
      after = chunk.last;
    }
  }

  /** One chunk of a fan-out, in its transaction; then those of it with the app open are told. */
  async function fanOutChunk(eventId: number, authorId: number, postId: number, after: number) {
    const chunk = await queue.inTransaction(async (w) => {
      const done = await w.fanOutPost({
        eventId,
        authorId,
        postId,
        after,
        limit: deps.fanOutChunk,
        leaseMs: deps.leaseMs,
        now: clock.now(),
      });
      if (!done.more) await w.done(eventId);
      return done;
    });
    if (chunk.pushed > 0) deps.pushQueued();
    await tellOnline(chunk.told);
    return chunk;
  }

  /**
   * A listing written or changed (issue 23): matched against the saved searches in one transaction
   * with the event's deletion, so a process killed mid-way leaves the event to be taken again and
   * nothing half done; a match is written once (its key), so nobody is told twice. Searches told at
   * once join the owner's notification of that listing (two searches of one owner: one
   * notification) with a push; daily ones wait for the daily email (saved-searches.service.ts).
   */
  async function matchEvent(event: EventRow) {
    const postId = event.post_id;
    const author = event.actor_id;
    const now = clock.now();
    let pushed = false;
    const told = await queue.inTransaction(async (w: EventWrites) => {
      const out: { recipient: number; id: number | null }[] = [];
      const found = postId === null ? [] : await w.matchListing(postId, now);
      for (const match of found) {
        if (match.pending_email || postId === null) continue;
        const id = await w.join({
          recipientId: match.user_id,
          kind: 'search',
          groupKey: `search:post:${postId}`,
          actorId: author,
          eventId: event.id,
          postId,
          excerpt: excerpt(match.name),
          now,
        });
        if (!out.some((o) => o.recipient === match.user_id)) out.push({ recipient: match.user_id, id });
        if (await w.queuePush(match.user_id, id, now)) pushed = true;
      }
      await w.done(event.id);
      return out;
    });
    if (pushed) deps.pushQueued();
    return told;
  }

  /**
   * Messages: not queued by each send (the send stays one statement); a pass finds those still
   * unread a few seconds after they came, and notifies each recipient once per conversation.
   */
  async function unreadMessages() {
    while (!stopping) {
      const told = await queue.inTransaction(async (w) => {
        const now = clock.now();
        const rows = await w.unreadMessages(now, MESSAGE_NOTIFY_DELAY_MS, MESSAGE_WINDOW_MS, BATCH);
        const out: { recipient: number; id: number | null }[] = [];
        let pushed = false;
        for (const row of rows) {
          if (row.silent || row.sender_id === null) continue;
          const id = await w.join({
            recipientId: row.recipient_id,
            kind: 'message',
            groupKey: `message:conversation:${row.conversation_id}`,
            actorId: row.sender_id,
            eventId: row.message_id,
            conversationId: row.conversation_id,
            excerpt: excerpt(row.content),
            now,
          });
          out.push({ recipient: row.recipient_id, id });
          if (row.push && (await w.queuePush(row.recipient_id, id, now))) pushed = true;
        }
        return { out, more: rows.length === BATCH, pushed };
      });
      if (told.pushed) deps.pushQueued();
      await tell(told.out);
      if (!told.more) return;
    }
  }

  // The key is read from the database once per process (it never changes once made).
  let key: Promise<string> | undefined;
  const unsubscribeKey = () => {
    key ??= deps.unsubscribeSecret().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  /** A token naming the user for the one-click unsubscribe link: their id, signed. */
  async function unsubscribeToken(userId: number) {
    const mac = createHmac('sha256', await unsubscribeKey())
      .update(`unsubscribe:${userId}`)
      .digest('base64url')
      .slice(0, 32);
    return `${userId}.${mac}`;
  }
  async function tokenUser(token: string): Promise<number | undefined> {
    const [id] = token.split('.');
    const userId = Number(id);
    if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
    const expected = Buffer.from(await unsubscribeToken(userId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
  }

  /**
   * Email digests: to people away for a while (no open app on any process, last seen long enough
   * ago) with unread notifications they were not told of, at most one per few hours each. The turn
   * is taken in the database before sending, so two processes never send the same digest.
   */
  async function digests() {
    const now = clock.now();
    const candidates = await queue.digestCandidates(now, deps.digest.awayMs, deps.digest.gapMs, BATCH);
    if (candidates.length === 0) return;
    const online = await deps.online(candidates.map((c) => c.id));
    for (const user of candidates) {
      if (online.has(user.id)) continue;
      const turn = await queue.claimDigest(user.id, now, deps.digest.gapMs);
      if (!turn) continue;
      // Only kinds the user wants by email (their switches, read in the same statement).
      const rows = await queue.unreadSince(user.id, turn.since, DIGEST.itemsMax + 1);
      // Read meanwhile, or the email switches turned off since the candidates were chosen (they hold
      // one to send): nothing goes, and the turn is given back.
      if (rows.length === 0) {
        await queue.releaseDigest(user.id, now, turn.before);
        continue;
      }
      const items = await views(rows.slice(0, DIGEST.itemsMax), queue);
      const unsubscribeUrl = `${deps.publicUrl}${UNSUBSCRIBE_PATH}?token=${await unsubscribeToken(user.id)}`;
      const message = digestEmail({
        language: user.language,
        name: user.name,
        items,
        total: rows.length > DIGEST.itemsMax ? await queue.unreadCount(user.id) : rows.length,
        publicUrl: deps.publicUrl,
        unsubscribeUrl,
      });
      await deps
        .sendEmail({
          to: user.email,
          ...message,
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        })
        .catch(async (err: unknown) => {
          // Not sent: the turn is given back, so the next pass tries again.
          deps.log.warn({ err, userId: user.id }, 'digest not sent');
          await queue.releaseDigest(user.id, now, turn.before);
        });
    }
  }

  /** Set when the server closes: passes end after the event at hand (the rest stay queued). */
  let stopping = false;

  /** The queue, until it is empty: what a kick runs (a like or a comment just queued an event). */
  async function processQueue() {
    let processed = 0;
    while (!stopping) {
      const events = await queue.claim(clock.now(), deps.leaseMs, CLAIM_BATCH);
      if (events.length === 0) break;
      for (const event of events) {
        // Claimed but not processed: their lease runs out and another pass takes them.
        if (stopping) break;
        try {
          if (event.kind === 'post') await fanOutPost(event);
          else if (event.kind === 'match') await tellOnline(await matchEvent(event));
          // Only those with the app open: a burst of follows or likes to someone away reads nothing more.
          else await tellOnline(await processEvent(event));
          processed++;
        } catch (err) {
          // Someone it names is gone (an account erased meanwhile): nothing to tell, at once.
          if (foreignKeyViolation(err) || event.attempts >= MAX_ATTEMPTS) await queue.drop(event.id);
          else deps.log.warn({ err, event: event.id }, 'notification event failed');
        }
      }
    }
    return processed;
  }

  /**
   * Every pass of the timer: the queue (events a process died with, or queued without a kick), the
   * messages left unread, the digests. Never on a kick: under load, a kick per like must not scan.
   */
  async function runOnce() {
    await unreadMessages();
    const processed = await processQueue();
    if (!stopping) await digests();
    return processed;
  }

  const queueLoop = createWorkerLoop({ name: 'notification events', log: deps.log, runOnce: processQueue });
  const passLoop = createWorkerLoop({ name: 'notifications', log: deps.log, runOnce });

  /**
   * Queues what happened, after the action committed. A failure here is logged, never the action's:
   * the like or the message is there, only its notification is missing.
   */
  async function record(events: Omit<EventInsert, 'runAt'>[]) {
    const now = clock.now();
    try {
      await notifications.enqueue(
        events.map((e) => ({ ...e, runAt: now })),
        now,
      );
    } catch (err) {
      deps.log.warn({ err }, 'notification event not queued');
      return;
    }
    queueLoop.kick();
  }

  return {
    // Likes, comments and follows are queued by the database in their own transaction (migration
    // 0018): their routes only kick the worker.
    moderated: (recipientId: number, outcome: ModerationOutcome, reason: string | null) =>
      record([{ kind: 'moderation', recipientId, payload: { outcome, excerpt: reason } }]),

    runOnce,
    start: (everyMs: number) => passLoop.start(everyMs),
    kick: () => queueLoop.kick(),
    async stop() {
      stopping = true;
      await Promise.all([queueLoop.stop(), passLoop.stop()]);
    },

    async page(userId: number, query: { cursor?: string | undefined; per_page: number }) {
      const { rows, hasMore, unread } = await notifications.page(
        userId,
        decodeCursor(query.cursor),
        query.per_page,
      );
      const last = rows.at(-1);
      return {
        notifications: await views(rows),
        next_cursor: hasMore && last ? encodeCursor(last.updatedAt, last.id) : null,
        unread_count: unread ?? (await notifications.unreadCount(userId)),
      };
    },

    async preferences(userId: number): Promise<NotificationPreferences> {
      const prefs = await notifications.preferences(userId);
      return { preferences: PREFERENCE_KINDS.map((kind) => ({ kind, ...prefs[kind] })) };
    },

    async setPreferences(
      userId: number,
      changes: { kind: PreferenceKind; in_app: boolean; push: boolean; email: boolean }[],
    ): Promise<NotificationPreferences> {
      await notifications.setPreferences(userId, changes, clock.now());
      return this.preferences(userId);
    },

    /** One-click unsubscribe (RFC 8058): every email switch off, for the user the token names. */
    async unsubscribe(token: string) {
      const userId = await tokenUser(token);
      if (userId === undefined) throw new Invalid({ token: 'unsubscribeInvalid' }, 'unsubscribeInvalid');
      await notifications.emailsOff(userId, clock.now());
    },

    unsubscribeToken,
    /** Whether a token names a user (the unsubscribe page offers its button only then). */
    async validToken(token: string): Promise<boolean> {
      return (await tokenUser(token)) !== undefined;
    },

    /** One notification as the app shows it (a push tells the same); undefined when it is gone. */
    /** Notifications as the app shows them, by id, in one read (what a batch of pushes tells). */
    async byIds(ids: number[]): Promise<Map<number, Notification>> {
      const found = await views(await queue.findMany(ids), queue);
      return new Map(found.map((n) => [n.id, n]));
    },

    async unreadCount(userId: number) {
      return { unread_count: await notifications.unreadCount(userId) };
    },

    async markRead(userId: number, id: number): Promise<Notification> {
      if (!(await notifications.markRead(userId, id, clock.now())))
        throw new NotFound('notificationNotFound');
      const row = await notifications.find(id);
      if (!row) throw new NotFound('notificationNotFound');
      const [view] = await views([row]);
      if (!view) throw new NotFound('notificationNotFound');
      deps.publish([userChannel(userId)], 'NotificationsChanged', {
        unread_count: await notifications.unreadCount(userId),
        notification: view,
      });
      return view;
    },

    async markAllRead(userId: number) {
      await notifications.markAllRead(userId, clock.now());
      deps.publish([userChannel(userId)], 'NotificationsChanged', { unread_count: 0, notification: null });
      return { unread_count: 0 };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Where a notification leads in the app. */
function linkOf(
  row: {
    kind: Notification['kind'];
    postId: number | null;
    commentId: number | null;
    conversationId: number | null;
    outcome: ModerationOutcome | null;
  },
  latestActorId: number | undefined,
): string {
  switch (row.kind) {
    case 'like':
    case 'listing':
    case 'post':
    case 'search':
      return row.postId ? `/post/${row.postId}` : '/home';
    case 'mention':
    case 'comment':
    case 'reply':
      return row.postId && row.commentId
        ? `/comment/${row.postId}/${row.commentId}`
        : row.postId
          ? `/post/${row.postId}`
          : '/home';
    case 'follow':
      return latestActorId ? `/user/${latestActorId}` : '/profile';
    case 'message':
      return row.conversationId ? `/chat/${row.conversationId}` : '/chat';
    case 'moderation':
      return row.outcome === 'report_handled' ? '/home' : '/profile';
  }
}
