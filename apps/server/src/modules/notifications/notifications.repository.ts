import { LANGUAGES } from '@makan/contract/languages';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ListingChange,
  type ModerationOutcome,
  NOTIFICATION_ACTORS_SHOWN,
  type NotificationChannel,
  type NotificationKind,
  PREFERENCE_KINDS,
  type PreferenceKind,
} from '@makan/contract/notifications';

import { and, desc, eq, getTableColumns, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { preparedByName } from '../../db/prepared.ts';
import {
  notificationActors,
  notificationEvents,
  notificationPreferences,
  notifications,
} from '../../db/schema/notifications.ts';
import { blockBetween } from '../blocks/blocks.repository.ts';
import { matchListing } from '../saved-searches/saved-searches.repository.ts';
import { hasLiveDevice } from './push.repository.ts';

/** What happened, as the queue keeps it until it is processed. */
export type EventKind = NotificationKind | 'unlike' | 'unfollow' | 'match';
export type EventInsert = {
  kind: EventKind;
  actorId?: number | null;
  recipientId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  conversationId?: number | null;
  payload?: { outcome?: ModerationOutcome; excerpt?: string | null; change?: ListingChange } | null;
  runAt: Date;
};

/** The transaction an event is processed in (the repository's writes, bound to it). */
export type EventWrites = ReturnType<typeof writes>;

const digestRows = z.object({
  rows: z.array(
    z.object({ id: z.coerce.number(), email: z.string(), name: z.string(), language: z.enum(LANGUAGES) }),
  ),
});
const claimRows = z.object({
  rows: z.array(z.object({ before: z.coerce.date().nullable(), last_seen_at: z.coerce.date().nullable() })),
});
const countRow = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });
const idRow = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
const eventRows = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      kind: z.string(),
      actor_id: z.coerce.number().nullable(),
      recipient_id: z.coerce.number().nullable(),
      post_id: z.coerce.number().nullable(),
      comment_id: z.coerce.number().nullable(),
      conversation_id: z.coerce.number().nullable(),
      payload: z.unknown(),
      attempts: z.coerce.number(),
      /** When it happened (the like's or follow's own transaction), not when it is processed. */
      created_at: z.coerce.date(),
    }),
  ),
});
const actorRows = z.object({
  rows: z.array(
    z.object({
      notification_id: z.coerce.number(),
      id: z.coerce.number(),
      name: z.string(),
      picture_key: z.string().nullable(),
      total: z.coerce.number(),
    }),
  ),
});

const fanOutRows = z.object({
  rows: z.array(
    z.object({
      last: z.coerce.number().nullable(),
      scanned: z.coerce.number(),
      pushed: z.coerce.number(),
      recipient_id: z.coerce.number().nullable(),
      id: z.coerce.number().nullable(),
    }),
  ),
});

const unreadMessageRows = z.object({
  rows: z.array(
    z.object({
      conversation_id: z.coerce.number(),
      recipient_id: z.coerce.number(),
      message_id: z.coerce.number(),
      sender_id: z.coerce.number().nullable(),
      content: z.string().nullable(),
      silent: z.boolean(),
      push: z.boolean(),
    }),
  ),
});

const likeNowRows = z.object({ rows: z.array(z.object({ author: z.number(), liked: z.boolean() })) });

/**
 * Whether the user wants notifications of this kind by email: their switch, the contract's default
 * where they never chose; never for a kind without a switch (moderation, search).
 */
function emailWanted(userId: SQL, kind: SQL): SQL {
  const defaults = sql.join(
    PREFERENCE_KINDS.map((k) => sql`when ${k} then ${DEFAULT_NOTIFICATION_PREFERENCES[k].email}::boolean`),
    sql` `,
  );
  return sql`coalesce((select np.email from notification_preferences np where np.user_id = ${userId} and np.kind = ${kind}),
    case ${kind} ${defaults} else false end)`;
}

type Executor = Pick<Database, 'execute' | 'insert' | 'delete' | 'update' | 'select'>;

/** The writes of one event, through `db` (its transaction). */
function writes(db: Executor) {
  return {
    /**
     * Adds `actorId` to the recipient's unread notification of `groupKey` (a new one when there is
     * none), bringing it to the top; answers its id. Brought again by the same event (a retry), the
     * row is as it was. The person is placed by when they acted (`actedAt`, else `now`): two events
     * processed out of order (two workers, two processes) still show the latest person first, and an
     * older event never moves someone back.
     */
    async join(row: {
      recipientId: number;
      kind: NotificationKind;
      groupKey: string;
      actorId: number | null;
      eventId: number;
      postId?: number | null;
      commentId?: number | null;
      conversationId?: number | null;
      excerpt?: string | null;
      outcome?: ModerationOutcome | null;
      change?: ListingChange | null;
      now: Date;
      actedAt?: Date;
    }): Promise<number> {
      const change = row.change ? JSON.stringify(row.change) : null;
      const result = await db.execute(sql`
        insert into notifications (recipient_id, kind, group_key, post_id, comment_id, conversation_id, excerpt, outcome, change, created_at, updated_at)
        values (${row.recipientId}, ${row.kind}, ${row.groupKey}, ${row.postId ?? null}, ${row.commentId ?? null},
          ${row.conversationId ?? null}, ${row.excerpt ?? null}, ${row.outcome ?? null}, ${change}::jsonb,
          ${row.now.toISOString()}::timestamptz, ${row.now.toISOString()}::timestamptz)
        on conflict (recipient_id, group_key) where read_at is null do update set
          updated_at = greatest(notifications.updated_at, excluded.updated_at),
          comment_id = coalesce(excluded.comment_id, notifications.comment_id),
          excerpt = coalesce(excluded.excerpt, notifications.excerpt),
          change = coalesce(excluded.change, notifications.change)
        returning id`);
      const id = idRow.parse(result).rows[0]?.id;
      if (id === undefined) throw new Error('notification not written');
      if (row.actorId !== null) {
        await db
          .insert(notificationActors)
          .values({
            notificationId: id,
            actorId: row.actorId,
            eventId: row.eventId,
            createdAt: row.actedAt ?? row.now,
          })
          .onConflictDoUpdate({
            target: [notificationActors.notificationId, notificationActors.actorId],
            set: { eventId: sql`excluded.event_id`, createdAt: sql`excluded.created_at` },
            setWhere: sql`excluded.created_at >= ${notificationActors.createdAt}`,
          });
      }
      return id;
    },

    /**
     * Takes `actorId` out of the recipient's unread notification of `groupKey` (a like taken back
     * before it was seen) unless they acted again after `actedAt`; the notification goes with its
     * last person. True when something changed.
     */
    async leave(recipientId: number, groupKey: string, actorId: number, actedAt: Date): Promise<boolean> {
      const [unread] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, recipientId),
            eq(notifications.groupKey, groupKey),
            isNull(notifications.readAt),
          ),
        );
      if (!unread) return false;
      const removed = await db
        .delete(notificationActors)
        .where(
          and(
            eq(notificationActors.notificationId, unread.id),
            eq(notificationActors.actorId, actorId),
            lte(notificationActors.createdAt, actedAt),
          ),
        )
        .returning({ actorId: notificationActors.actorId });
      if (removed.length === 0) return false;
      await db.execute(sql`
        delete from notifications n where n.id = ${unread.id}
          and not exists (select 1 from notification_actors a where a.notification_id = n.id)`);
      return true;
    },

    /**
     * Messages still unread `delayMs` after the latest of a conversation (within the last
     * `windowMs`), one notification per recipient and conversation: each participant's
     * `notified_up_to` moves to the conversation's last message in the same transaction, so a
     * message notifies once, whichever process finds it first (rows locked, others skipped).
     * Nothing from someone the recipient blocked or who blocked them, or who is suspended.
     */
    async unreadMessages(now: Date, delayMs: number, windowMs: number, limit: number) {
      const cutoff = new Date(now.getTime() - delayMs).toISOString();
      const since = new Date(now.getTime() - windowMs).toISOString();
      const result = await db.execute(sql`
        with due as (
          select p.conversation_id, p.user_id, c.last_message_id
          from conversations c
          join conversation_participants p on p.conversation_id = c.id
          where c.last_activity_at <= ${cutoff}::timestamptz and c.last_activity_at > ${since}::timestamptz
            and p.left_at is null
            and c.last_message_id > greatest(p.last_read_message_id, p.notified_up_to)
          order by c.last_activity_at
          limit ${limit}
          for update of p skip locked
        ), moved as (
          update conversation_participants p set notified_up_to = due.last_message_id
          from due where p.conversation_id = due.conversation_id and p.user_id = due.user_id
          returning p.conversation_id, p.user_id, due.last_message_id
        )
        select moved.conversation_id, moved.user_id as recipient_id, m.id as message_id, m.sender_id, m.content,
          (m.is_deleted or m.type = 'system' or m.sender_id is null or m.sender_id = moved.user_id
            or ${blockBetween(sql`m.sender_id`, sql`moved.user_id`)}
            or exists (select 1 from users s where s.id = m.sender_id and s.suspended_until > ${now.toISOString()}::timestamptz)
            or exists (select 1 from notification_preferences np
              where np.user_id = moved.user_id and np.kind = 'message' and not np.in_app)
          ) as silent,
          coalesce((select np.push from notification_preferences np
              where np.user_id = moved.user_id and np.kind = 'message'),
            ${DEFAULT_NOTIFICATION_PREFERENCES.message.push}::boolean) as push
        from moved join messages m on m.id = moved.last_message_id`);
      return unreadMessageRows.parse(result).rows;
    },

    /**
     * Queues a push of the notification, in the transaction that wrote it (a crash after the commit
     * loses nothing), when the recipient has a device to push to. A notification joined again before
     * its push went (a second like) keeps the one push waiting: it is built at sending time, so it
     * tells the latest. That push is locked until this transaction ends (the worker skips locked
     * ones), so it is never built from the state before this change; one claimed meanwhile no longer
     * matches, and a new push follows it. True when a push was queued.
     */
    async queuePush(recipientId: number, notificationId: number, now: Date): Promise<boolean> {
      const result = await db.execute(sql`
        with waiting as (
          select id from push_deliveries where notification_id = ${notificationId} and attempts = 0 for update)
        insert into push_deliveries (recipient_id, notification_id, created_at)
        select ${recipientId}, ${notificationId}, ${now.toISOString()}::timestamptz
        where ${hasLiveDevice(recipientId)}
          and not exists (select 1 from waiting)
        returning id`);
      return idRow.parse(result).rows.length > 0;
    },

    /** A listing written or changed, against the saved searches (issue 23): the new matches. */
    matchListing: (postId: number, now: Date) => matchListing(db, postId, now),

    async done(eventId: number) {
      await db.delete(notificationEvents).where(eq(notificationEvents.id, eventId));
    },

    /**
     * One chunk of a new listing's fan-out: the author's next `limit` followers after `after` (by
     * id) who turned these on, each told in their unread 'post' group of that author (the latest
     * listing), with a push queued for those who want it. Set-based: a company with ten thousand
     * followers is a few statements per chunk, not a few per follower. The event keeps how far it
     * got (`payload.after`) and its lease, in this same transaction: a process killed between two
     * chunks leaves the next one to whoever takes the event again, and none twice.
     */
    async fanOutPost(row: {
      eventId: number;
      authorId: number;
      postId: number;
      after: number;
      limit: number;
      leaseMs: number;
      now: Date;
    }): Promise<{ told: { recipient: number; id: number }[]; more: boolean; last: number; pushed: number }> {
      const at = row.now.toISOString();
      const defaults = DEFAULT_NOTIFICATION_PREFERENCES.post;
      const result = await db.execute(sql`
        with chunk as (
          select f.follower_id as uid from follows f
          where f.followee_id = ${row.authorId} and f.follower_id > ${row.after}
          order by f.follower_id limit ${row.limit}
        ), eligible as (
          select c.uid, coalesce(np.push, ${defaults.push}) as push
          from chunk c left join notification_preferences np on np.user_id = c.uid and np.kind = 'post'
          where c.uid <> ${row.authorId} and coalesce(np.in_app, ${defaults.in_app})
            and not ${blockBetween(sql`c.uid`, row.authorId)}
        ), written as (
          insert into notifications (recipient_id, kind, group_key, post_id, created_at, updated_at)
          select uid, 'post', ${`post:user:${row.authorId}`}, ${row.postId}, ${at}::timestamptz, ${at}::timestamptz
          from eligible
          on conflict (recipient_id, group_key) where read_at is null do update set
            updated_at = greatest(notifications.updated_at, excluded.updated_at), post_id = excluded.post_id
          returning id, recipient_id
        ), actors as (
          insert into notification_actors (notification_id, actor_id, event_id, created_at)
          select id, ${row.authorId}, ${row.eventId}, ${at}::timestamptz from written
          on conflict (notification_id, actor_id) do update set event_id = excluded.event_id, created_at = excluded.created_at
        ), pushes as (
          insert into push_deliveries (recipient_id, notification_id, created_at)
          select w.recipient_id, w.id, ${at}::timestamptz from written w join eligible e on e.uid = w.recipient_id
          where e.push and ${hasLiveDevice(sql`w.recipient_id`)}
            -- A push still waiting for this group tells the latest listing when it goes (queuePush).
            and not exists (select 1 from push_deliveries d where d.notification_id = w.id and d.attempts = 0)
          returning id
        )
        select (select max(uid) from chunk) as last, (select count(*) from chunk) as scanned,
          (select count(*) from pushes) as pushed, w.recipient_id, w.id
        from (select 1) one left join written w on true`);
      const rows = fanOutRows.parse(result).rows;
      const last = rows[0]?.last ?? null;
      if (last !== null) {
        await db
          .update(notificationEvents)
          .set({
            payload: { after: last },
            claimedUntil: new Date(row.now.getTime() + row.leaseMs),
          })
          .where(eq(notificationEvents.id, row.eventId));
      }
      return {
        told: rows.flatMap((r) =>
          r.id === null || r.recipient_id === null ? [] : [{ recipient: r.recipient_id, id: r.id }],
        ),
        more: (rows[0]?.scanned ?? 0) === row.limit,
        last: last ?? row.after,
        pushed: rows[0]?.pushed ?? 0,
      };
    },
  };
}

const bookmarkerRows = z.object({
  rows: z.array(z.object({ user_id: z.coerce.number(), push: z.boolean() })),
});
const mentionRows = z.object({ rows: z.array(z.object({ body: z.string().nullable() })) });

/** Notifications and their queue (issue 22). */
export function createNotificationsRepository(db: Database) {
  /**
   * A page of the list, with the unread count in the same statement: named prepared statements (first
   * page or after a cursor, one per page size), built once, planned once per connection. The LIMIT is
   * written into the text, as the feed's (a bound one costs the generic plan for a large result).
   */
  const preparePage = (name: string, afterCursor: boolean, limit: number) =>
    db
      .select({
        ...getTableColumns(notifications),
        unread: sql<number>`(select count(*)::int from notifications u where u.recipient_id = ${sql.placeholder('recipientId')} and u.read_at is null)`,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, sql.placeholder('recipientId')),
          afterCursor
            ? sql`(${notifications.updatedAt}, ${notifications.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::int)`
            : undefined,
        ),
      )
      .orderBy(sql`${notifications.updatedAt} desc, ${notifications.id} desc limit ${sql.raw(String(limit))}`)
      .prepare(name);
  const pages = preparedByName<ReturnType<typeof preparePage>>();
  const pageStatement = (afterCursor: boolean, limit: number) =>
    pages(`notifications_page_${afterCursor ? 'after' : 'first'}_${limit}`, (name) =>
      preparePage(name, afterCursor, limit),
    );
  return {
    /**
     * Who is told that a listing changed (issue 22), each with whether they want it by push: the
     * people who bookmarked it, but not its author, nobody with a block between them and the
     * author either way, nobody who switched the kind off in the app, and nobody at all while the
     * author is suspended. One statement, whatever the number of bookmarks: the worker checks
     * nothing more per bookmarker.
     */
    async bookmarkers(postId: number, now: Date): Promise<{ user_id: number; push: boolean }[]> {
      const result = await db.execute(sql`
        select b.user_id, coalesce(np.push, ${DEFAULT_NOTIFICATION_PREFERENCES.listing.push}::boolean) as push
        from bookmarks b join posts p on p.id = b.post_id
        left join notification_preferences np on np.user_id = b.user_id and np.kind = 'listing'
        where b.post_id = ${postId} and b.user_id <> p.user_id
          and not ${blockBetween(sql`b.user_id`, sql`p.user_id`)}
          and coalesce(np.in_app, ${DEFAULT_NOTIFICATION_PREFERENCES.listing.in_app}::boolean)
          and not exists (select 1 from users a where a.id = p.user_id
            and a.suspended_until > ${now.toISOString()}::timestamptz)
        order by b.user_id`);
      return bookmarkerRows.parse(result).rows;
    },

    /**
     * The text that names `userId` (a comment's, or a listing's description), while it still does:
     * undefined once the mention row is gone (the name was edited out before the worker came).
     */
    async mentionText(postId: number, commentId: number | null, userId: number) {
      const result = await db.execute(
        commentId === null
          ? sql`select p.description as body from mentions m join posts p on p.id = m.post_id
              where m.post_id = ${postId} and m.comment_id is null and m.user_id = ${userId}`
          : sql`select c.body from mentions m join comments c on c.id = m.comment_id
              where m.comment_id = ${commentId} and m.user_id = ${userId}`,
      );
      const row = mentionRows.parse(result).rows[0];
      return row ? { body: row.body } : undefined;
    },

    /**
     * A listing's author and whether the person likes it now, in one statement: a like or unlike event
     * tells what is true now only (events of one person and one listing processed out of order, two
     * workers taking them at once, never leave a like taken back since). Undefined: no such listing.
     */
    async likeNow(postId: number, actorId: number) {
      const result = await db.execute(sql`
        select p.user_id as author,
          exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${actorId}) as liked
        from posts p where p.id = ${postId}`);
      return likeNowRows.parse(result).rows[0];
    },

    /** Whether one person follows another now (a follow or unfollow event tells what is true now only). */
    async followsNow(followerId: number, followeeId: number) {
      const result = await db.execute(sql`
        select exists (select 1 from follows where follower_id = ${followerId} and followee_id = ${followeeId}) as n`);
      return z.object({ rows: z.array(z.object({ n: z.boolean() })) }).parse(result).rows[0]?.n ?? false;
    },

    async enqueue(events: EventInsert[], now: Date): Promise<void> {
      if (events.length === 0) return;
      await db.insert(notificationEvents).values(
        events.map((e) => ({
          kind: e.kind,
          actorId: e.actorId ?? null,
          recipientId: e.recipientId ?? null,
          postId: e.postId ?? null,
          commentId: e.commentId ?? null,
          conversationId: e.conversationId ?? null,
          payload: e.payload ?? null,
          runAt: e.runAt,
          createdAt: now,
        })),
      );
    },

    /**
     * Claims up to `limit` due events for `leaseMs` (others skip them; a process that dies lets its
     * claim lapse, and another takes the event again).
     */
    async claim(now: Date, leaseMs: number, limit: number) {
      const result = await db.execute(sql`
        update notification_events e set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
          attempts = e.attempts + 1
        where e.id in (
          select id from notification_events
          where run_at <= greatest(now(), ${now.toISOString()}::timestamptz)
            and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
          order by run_at, id limit ${limit} for update skip locked)
        returning e.id, e.kind, e.actor_id, e.recipient_id, e.post_id, e.comment_id, e.conversation_id,
          e.payload, e.attempts, e.created_at`);
      // In the order they were queued (an update's returning has no order of its own).
      return eventRows.parse(result).rows.sort((a, b) => a.id - b.id);
    },

    /** Runs `work` with the event's writes in one transaction (the event's deletion included). */
    async inTransaction<T>(work: (w: EventWrites) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(writes(tx)));
    },

    /** Gives up on an event (it failed too often). */
    async drop(eventId: number) {
      await writes(db).done(eventId);
    },

    /** The user's switches, the contract's defaults where they never chose. */
    async preferences(userId: number): Promise<Record<PreferenceKind, Record<NotificationChannel, boolean>>> {
      const rows = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      const out = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES) as Record<
        PreferenceKind,
        Record<NotificationChannel, boolean>
      >;
      for (const row of rows) out[row.kind] = { in_app: row.inApp, push: row.push, email: row.email };
      return out;
    },

    async setPreferences(
      userId: number,
      changes: { kind: PreferenceKind; in_app: boolean; push: boolean; email: boolean }[],
      now: Date,
    ) {
      if (changes.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(
          changes.map((c) => ({
            userId,
            kind: c.kind,
            inApp: c.in_app,
            push: c.push,
            email: c.email,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: {
            inApp: sql`excluded.in_app`,
            push: sql`excluded.push`,
            email: sql`excluded.email`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    /**
     * Every email switch off (one-click unsubscribe), the in-app ones as they were; saved searches
     * sent by daily email (issue 23) are paused, their owner can resume them in the app.
     */
    async emailsOff(userId: number, now: Date) {
      const current = await this.preferences(userId);
      await this.setPreferences(
        userId,
        PREFERENCE_KINDS.map((kind) => ({ ...current[kind], kind, email: false })),
        now,
      );
      await db.execute(sql`
        with paused as (
          update saved_searches set paused = true, updated_at = ${now.toISOString()}::timestamptz
          where user_id = ${userId} and frequency = 'daily' and not paused returning id)
        update saved_search_matches set pending_email = false
        where search_id in (select id from paused) and pending_email`);
    },

    /**
     * Who may get a digest now: unread notifications (of the last week) that came after they were
     * last seen and after their last digest; last seen (or, never seen, signed up) at least `awayMs`
     * ago; no digest for `gapMs`.
     * Whether they have the app open right now is asked of the sockets by the caller.
     */
    async digestCandidates(now: Date, awayMs: number, gapMs: number, limit: number) {
      const away = new Date(now.getTime() - awayMs).toISOString();
      const gap = new Date(now.getTime() - gapMs).toISOString();
      const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
      const result = await db.execute(sql`
        select u.id, u.email, u.name, u.language from users u
        where u.id in (select n.recipient_id from notifications n
            where n.read_at is null and n.updated_at > ${week}::timestamptz and n.kind <> 'moderation')
          and exists (select 1 from notifications n where n.recipient_id = u.id and n.read_at is null
            and ${emailWanted(sql`u.id`, sql`n.kind`)}
            and n.updated_at > greatest(coalesce(u.notification_digest_at, '-infinity'::timestamptz),
              coalesce(u.last_seen_at, '-infinity'::timestamptz), ${week}::timestamptz))
          and coalesce(u.last_seen_at, u.created_at) <= ${away}::timestamptz
          and (u.notification_digest_at is null or u.notification_digest_at <= ${gap}::timestamptz)
          and u.deletion_due_at is null
          and (u.suspended_until is null or u.suspended_until <= ${now.toISOString()}::timestamptz)
        order by u.id limit ${limit}`);
      return digestRows.parse(result).rows;
    },

    /** Takes the user's digest turn (no other process sends one until `gapMs` passed); false if taken. */
    async claimDigest(
      userId: number,
      now: Date,
      gapMs: number,
    ): Promise<{ before: Date | null; since: Date | null } | undefined> {
      const result = await db.execute(sql`
        update users u set notification_digest_at = ${now.toISOString()}::timestamptz
        from (select notification_digest_at as before from users where id = ${userId}) b
        where u.id = ${userId} and (u.notification_digest_at is null
          or u.notification_digest_at <= ${new Date(now.getTime() - gapMs).toISOString()}::timestamptz)
        returning b.before, u.last_seen_at`);
      const row = claimRows.parse(result).rows[0];
      if (!row) return undefined;
      const since = [row.before, row.last_seen_at].filter((d): d is Date => d !== null);
      return {
        before: row.before,
        since: since.length ? new Date(Math.max(...since.map((d) => d.getTime()))) : null,
      };
    },

    /**
     * Gives a digest turn taken at `now` back (`before` was the last digest): nothing went, so the
     * next pass tries again rather than four hours later.
     */
    async releaseDigest(userId: number, now: Date, before: Date | null) {
      await db.execute(sql`
        update users set notification_digest_at = ${before?.toISOString() ?? null}::timestamptz
        where id = ${userId} and notification_digest_at = ${now.toISOString()}::timestamptz`);
    },

    /** The unread notifications of the kinds the user wants by email that came after `since`, newest first. */
    async unreadSince(userId: number, since: Date | null, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, userId),
            isNull(notifications.readAt),
            emailWanted(sql`${notifications.recipientId}`, sql`${notifications.kind}`),
            since ? gt(notifications.updatedAt, since) : undefined,
          ),
        )
        .orderBy(desc(notifications.updatedAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(recipientId: number): Promise<number> {
      const result = await db.execute(
        sql`select count(*)::int as n from notifications where recipient_id = ${recipientId} and read_at is null`,
      );
      return countRow.parse(result).rows[0]?.n ?? 0;
    },

    /**
     * A page, the latest activity first: after the (updated_at, id) of `after`, with the unread count
     * in the same statement (issue 25); `unread` is undefined on an empty page (read it on its own).
     */
    async page(recipientId: number, after: { at: Date; id: number } | undefined, limit: number) {
      const found = await pageStatement(after !== undefined, limit + 1).execute({
        recipientId,
        afterAt: after?.at.toISOString(),
        afterId: after?.id,
      });
      const unread = found[0]?.unread;
      const rows = found.map(({ unread: _unread, ...row }) => row);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit, unread };
    },

    async find(id: number) {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },

    async findMany(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(notifications).where(inArray(notifications.id, ids));
    },

    /** The latest people of each notification (at most NOTIFICATION_ACTORS_SHOWN) and how many in all. */
    async actorsOf(ids: number[]) {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select * from (
          select a.notification_id, u.id, u.name, u.picture_key,
            row_number() over (partition by a.notification_id order by a.created_at desc, a.actor_id desc) as rank,
            count(*) over (partition by a.notification_id) as total
          from notification_actors a join users u on u.id = a.actor_id
          where a.notification_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        ) ranked where rank <= ${NOTIFICATION_ACTORS_SHOWN}
        order by notification_id, rank`);
      return actorRows.parse(result).rows;
    },

    async markRead(recipientId: number, id: number, now: Date) {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(recipientId: number, now: Date) {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
