import type { evidenceMessage, reportedContent } from '@makan/contract/moderation';
import {
  type AuditEntry,
  type LicenceItem,
  type ModerationAction,
  type ModerationUser,
  type QueueItem,
  type QueueKind,
  type QueueReason,
  REPORT_EVIDENCE_AROUND,
  type ReportReason,
  type ReportTarget,
  type Role,
  SIGNAL_REASONS,
  SIGNALS,
  type SignalReason,
  SUSPENDED_FOREVER,
} from '@makan/contract/moderation';
import type { ModerationOutcome } from '@makan/contract/notifications';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { Notifier, Session } from '../auth/auth.service.ts';
import type { ConversationsRepository } from '../chat/conversations.repository.ts';
import type { MessagesRepository } from '../chat/messages.repository.ts';
import type { CommentsRepository } from '../posts/comments.repository.ts';
import type { PostsRepository } from '../posts/posts.repository.ts';
import type { RateLimits, Rule } from '../rate-limit/rate-limit.service.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import { type ModerationNotice, moderationEmail } from './moderation.messages.ts';
import type { ModerationRepository, QueueRow } from './moderation.repository.ts';

type Deps = {
  moderation: ModerationRepository;
  users: UsersRepository;
  posts: PostsRepository;
  comments: CommentsRepository;
  messages: MessagesRepository;
  conversations: ConversationsRepository;
  limits: RateLimits;
  notifier: Notifier;
  clock: Clock;
  /** Users a viewer must not meet (blocks): their content cannot be reported by that viewer either. */
  hiddenFrom: (viewerId: number) => Promise<ReadonlySet<number>>;
  photoUrl: (key: string) => string;
  /** Deletes a post's photo files (after its rows). */
  removePhotos: (keys: string[]) => Promise<void>;
  /** Removes a chat message as a moderator: a tombstone, its files deleted, both people told. */
  removeMessage: (messageId: number) => Promise<void>;
  /** Ends every session of the user and closes their sockets on every process. */
  endSessions: (userId: number) => Promise<void>;
  /** An outcome the user is told of in the app (issue 22). */
  moderated: (userId: number, outcome: ModerationOutcome, reason: string | null) => Promise<void>;
};

type Content = z.infer<typeof reportedContent>;
type PostRow = Awaited<ReturnType<PostsRepository['byIds']>>[number];
type EvidenceMessage = z.infer<typeof evidenceMessage>;

/** Reports from one member: enough for real use, not for flooding the queue. */
const REPORTS_PER_HOUR: Rule = { limit: 30, windowMs: 60 * 60_000 };
const QUEUE_SIZE = 100;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export /** A suspension for good is stored as SUSPENDED_FOREVER (a date past anything dated). */
function suspendedForever(user: Pick<UserRow, 'suspendedUntil'>): boolean {
  return user.suspendedUntil !== null && user.suspendedUntil.toISOString() >= SUSPENDED_FOREVER;
}

/** A person as the console shows them, their suspension as it stands at `now`. */
export function moderationUserView(user: UserRow, now: Date): ModerationUser {
  const active = user.suspendedUntil !== null && user.suspendedUntil > now;
  const forever = active && suspendedForever(user);
  return {
    id: user.id,
    name: user.name,
    user_type: user.userType,
    role: user.role,
    suspended_until: active && !forever ? (user.suspendedUntil?.toISOString() ?? null) : null,
    suspended_forever: forever,
  };
}

const isSignal = (reason: QueueReason): reason is SignalReason =>
  (SIGNAL_REASONS as readonly string[]).includes(reason);

/** A signal's listings, as `fileSignal` keeps them in the report's evidence. */
function relatedPostIds(evidence: unknown): number[] {
  const ids = (evidence as { related_post_ids?: unknown } | null)?.related_post_ids;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/**
 * Signals (issue 21): after a listing is posted or its photos change, the server flags for review
 * a new account posting many listings, and a listing with the same photo as another account's
 * (perceptual hash). Filed as reports without a reporter, in the console's Signals queue. A
 * failure here never fails the listing: it is logged.
 */
export function createListingSignals(deps: {
  moderation: ModerationRepository;
  users: Pick<UsersRepository, 'findById'>;
  clock: Clock;
  log: (err: unknown) => void;
}) {
  const { moderation, users, clock } = deps;
  return {
    async listed(postId: number, authorId: number): Promise<void> {
      try {
        const now = clock.now();
        const twins = await moderation.photoTwins(postId, authorId, SIGNALS.photoDistanceMax);
        if (twins.length > 0) {
          await moderation.fileSignal({
            targetType: 'post',
            targetId: postId,
            targetUserId: authorId,
            reason: 'duplicate_photo',
            relatedPostIds: twins,
            now,
          });
        }
        const author = await users.findById(authorId);
        if (!author || now.getTime() - author.createdAt.getTime() > SIGNALS.newAccountDays * DAY_MS) return;
        const recent = await moderation.listingsSince(
          authorId,
          new Date(now.getTime() - SIGNALS.burstHours * HOUR_MS),
        );
        if (recent.length >= SIGNALS.burstListings) {
          await moderation.fileSignal({
            targetType: 'user',
            targetId: authorId,
            targetUserId: authorId,
            reason: 'new_account_burst',
            relatedPostIds: recent,
            now,
          });
        }
      } catch (err) {
        deps.log(err);
      }
    },
  };
}

export const isStaff = (role: Role) => role === 'moderator' || role === 'admin';

/** The caller, when they are a moderator or an admin (else 403: the console is not theirs). */
export async function staffMember(
  users: Pick<UsersRepository, 'findById'>,
  session: Session,
  need: 'moderator' | 'admin' = 'moderator',
): Promise<UserRow> {
  const me = await users.findById(session.userId);
  if (!me || !isStaff(me.role) || (need === 'admin' && me.role !== 'admin')) throw new Forbidden();
  return me;
}

/** Reports by members; the queue, the cases and the actions of moderators; the audit log (issue 21). */
export function createModerationService(deps: Deps) {
  const { moderation, users, posts, comments, messages, conversations, clock, notifier } = deps;

  function userView(user: UserRow): ModerationUser {
    return moderationUserView(user, clock.now());
  }
  /** Tells the user by email, and in the app for what they can still see (issue 22). */
  async function tell(userId: number, notice: ModerationNotice) {
    const user = await users.findById(userId);
    if (!user) return;
    await notifier
      .email(user.email, moderationEmail(user.language, user.name, notice))
      .catch(() => undefined);
    if (
      notice.kind === 'removed' ||
      notice.kind === 'warned' ||
      notice.kind === 'restored' ||
      notice.kind === 'report_handled'
    ) {
      await deps.moderated(userId, notice.kind, 'reason' in notice ? notice.reason : null);
    }
  }

  const staff = (session: Session, need?: 'moderator' | 'admin') => staffMember(users, session, need);

  async function audit(
    me: UserRow,
    action: ModerationAction,
    target: { type: ReportTarget; id: number; userId: number | null },
    reason: string | null,
    details?: Record<string, unknown>,
  ) {
    return moderation.audit({
      action,
      moderatorId: me.id,
      moderatorName: me.name,
      targetType: target.type,
      targetId: target.id,
      targetUserId: target.userId,
      reason,
      details: details ?? null,
      createdAt: clock.now(),
    });
  }

  type Found = { authorId: number | null; content: Content };
  const gone = (type: ReportTarget, id: number): Content => ({
    type,
    id,
    exists: false,
    text: null,
    parent_id: null,
    image_url: null,
    created_at: null,
  });

  /** A listing as the console shows it: its words and first photo. */
  function postContent(row: PostRow): Content {
    const photo = row.media[0];
    return {
      ...gone('post', row.id),
      exists: true,
      text: row.description,
      image_url: photo ? deps.photoUrl(photo.key) : null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** Whose each target is and what it says, in one read per kind; a target that is gone is absent. */
  async function resolveTargets(type: ReportTarget, ids: number[]): Promise<Map<number, Found>> {
    const found = new Map<number, Found>();
    const put = (id: number, authorId: number | null, content: Partial<Content>) =>
      found.set(id, { authorId, content: { ...gone(type, id), exists: true, ...content } });
    switch (type) {
      case 'post':
        for (const row of await posts.byIds(ids, 0))
          found.set(row.id, { authorId: row.userId, content: postContent(row) });
        break;
      case 'comment':
        for (const row of await comments.findMany(ids))
          put(row.id, row.userId, {
            text: row.body,
            parent_id: row.postId,
            created_at: row.createdAt.toISOString(),
          });
        break;
      case 'message':
        for (const row of await messages.messagesByIds(ids)) {
          if (row.isDeleted || row.type === 'system') continue;
          put(row.id, row.senderId, {
            text: row.content,
            parent_id: row.conversationId,
            created_at: row.createdAt.toISOString(),
          });
        }
        break;
      case 'user':
        for (const row of await users.findByIds(ids))
          put(row.id, row.id, {
            text: [row.name, row.bio].filter(Boolean).join('\n'),
            created_at: row.createdAt.toISOString(),
          });
        break;
    }
    return found;
  }

  async function resolveTarget(type: ReportTarget, id: number): Promise<Found | undefined> {
    return (await resolveTargets(type, [id])).get(id);
  }

  /**
   * Queue items with their content and author: one read per kind of target and one for the
   * authors, however long the queue.
   */
  async function items(rows: QueueRow[]): Promise<QueueItem[]> {
    const found = new Map<string, Found>();
    for (const type of new Set(rows.map((r) => r.targetType))) {
      const ids = rows.filter((r) => r.targetType === type).map((r) => r.targetId);
      for (const [id, f] of await resolveTargets(type, ids)) found.set(`${type}:${id}`, f);
    }
    const authorOf = (row: QueueRow) =>
      found.get(`${row.targetType}:${row.targetId}`)?.authorId ?? row.targetUserId;
    const authorIds = [...new Set(rows.map(authorOf).filter((id): id is number => id !== null))];
    const authors = new Map((await users.findByIds(authorIds)).map((u) => [u.id, u]));
    return rows.map((row) => {
      const authorId = authorOf(row);
      const author = authorId === null ? undefined : authors.get(authorId);
      return {
        target_type: row.targetType,
        target_id: row.targetId,
        reports_count: row.reportsCount,
        reasons: row.reasons,
        first_reported_at: row.firstReportedAt.toISOString(),
        author: author ? userView(author) : null,
        content:
          found.get(`${row.targetType}:${row.targetId}`)?.content ?? gone(row.targetType, row.targetId),
      };
    });
  }

  /** Closes the target's reports and tells each reporter it was handled. */
  async function closeReports(type: ReportTarget, id: number, status: 'dismissed' | 'actioned') {
    const reporters = await moderation.resolve(type, id, status, clock.now());
    await Promise.all([...new Set(reporters)].map((r) => tell(r, { kind: 'report_handled' })));
  }

  /** A member a moderator may act on: not themselves, and staff only by an admin. */
  async function actionable(me: UserRow, userId: number): Promise<UserRow> {
    if (userId === me.id) throw new Invalid({ user_id: 'cannotModerateSelf' }, 'cannotModerateSelf');
    const user = await users.findById(userId);
    if (!user) throw new NotFound('userNotFound');
    if (isStaff(user.role) && me.role !== 'admin') throw new Forbidden();
    return user;
  }

  return {
    async report(
      session: Session,
      body: {
        target_type: ReportTarget;
        target_id: number;
        reason: ReportReason;
        details?: string | undefined;
      },
    ) {
      await deps.limits.hit(`report:user:${session.userId}`, REPORTS_PER_HOUR);
      const found = await resolveTarget(body.target_type, body.target_id);
      if (!found) throw new NotFound();
      // A message is reported by someone who can read it: a participant who has not cleared it away.
      let evidence: unknown = null;
      if (body.target_type === 'message') {
        const conversationId = found.content.parent_id ?? 0;
        const me = (await conversations.participants(conversationId)).find(
          (p) => p.userId === session.userId && p.leftAt === null,
        );
        if (!me || body.target_id <= me.clearedUpTo) throw new NotFound('messageNotFound');
        const around = await moderation.messageWithContext(body.target_id, REPORT_EVIDENCE_AROUND);
        evidence = around?.context.map((m) => ({
          id: m.id,
          sender_id: m.sender_id,
          sender_name: m.sender_name,
          content: m.content,
          created_at: m.created_at.toISOString(),
          reported: m.id === body.target_id,
        }));
      }
      if (found.authorId === session.userId) throw new Invalid({ target_id: 'reportOwn' }, 'reportOwn');
      if (found.authorId !== null && (await deps.hiddenFrom(session.userId)).has(found.authorId))
        throw new NotFound();
      const id = await moderation.createReport({
        reporterId: session.userId,
        targetType: body.target_type,
        targetId: body.target_id,
        targetUserId: found.authorId,
        reason: body.reason,
        details: body.details || null,
        evidence,
        now: clock.now(),
      });
      if (id === undefined) throw new Conflict('reportDuplicate');
      return { id };
    },

    /** For the routes' onRequest: refuses non-staff before the body is even read (403, not 422). */
    async requireStaff(session: Session, need: 'moderator' | 'admin' = 'moderator') {
      await staff(session, need);
    },

    async role(session: Session) {
      const me = await users.findById(session.userId);
      return { role: me?.role ?? 'member' };
    },

    async queue(session: Session, kind: QueueKind) {
      await staff(session);
      return { items: await items(await moderation.queue(kind, QUEUE_SIZE)) };
    },

    async case(session: Session, type: ReportTarget, id: number) {
      await staff(session);
      const rows = await moderation.reportsOf(type, id);
      const first = rows[0];
      if (!first) throw new NotFound();
      const open = rows.filter((r) => r.status === 'open');
      const [base] = await items([
        {
          targetType: type,
          targetId: id,
          targetUserId: first.targetUserId,
          reportsCount: open.length,
          reasons: [...new Set((open.length ? open : rows).map((r) => r.reason))],
          firstReportedAt: (open[0] ?? first).createdAt,
        },
      ]);
      if (!base) throw new NotFound();
      return {
        ...base,
        reports: rows.map((r) => ({
          id: r.id,
          reporter:
            r.reporterId !== null && r.reporterName ? { id: r.reporterId, name: r.reporterName } : null,
          reason: r.reason,
          signal: r.reporterId === null && isSignal(r.reason),
          details: r.details,
          related_post_ids: relatedPostIds(r.evidence),
          status: r.status,
          created_at: r.createdAt.toISOString(),
          // Written by `report` from the messages around the reported one.
          evidence: Array.isArray(r.evidence) ? (r.evidence as EvidenceMessage[]) : null,
        })),
      };
    },

    async dismiss(session: Session, type: ReportTarget, id: number, reason: string | undefined) {
      const me = await staff(session);
      const rows = await moderation.reportsOf(type, id);
      if (!rows.some((r) => r.status === 'open')) throw new NotFound();
      await closeReports(type, id, 'dismissed');
      const actionId = await audit(
        me,
        'dismiss',
        { type, id, userId: rows[0]?.targetUserId ?? null },
        reason || null,
      );
      return { action_id: actionId };
    },

    /** Removes the reported post, comment or message; its author is told why. */
    async remove(session: Session, type: ReportTarget, id: number, reason: string) {
      const me = await staff(session);
      if (type === 'user') throw new Invalid({ type: 'notAuthorized' }, 'notAuthorized');
      const found = await resolveTarget(type, id);
      if (!found) throw new NotFound();
      if (found.authorId !== null) await actionable(me, found.authorId);
      if (type === 'post') {
        const keys = await posts.remove(id);
        await deps.removePhotos(keys);
      } else if (type === 'comment') {
        await comments.remove(id);
      } else {
        await deps.removeMessage(id);
      }
      await closeReports(type, id, 'actioned');
      const actionId = await audit(me, 'remove', { type, id, userId: found.authorId }, reason, {
        text: found.content.text,
      });
      if (found.authorId !== null) await tell(found.authorId, { kind: 'removed', what: type, reason });
      return { action_id: actionId };
    },

    async warn(session: Session, userId: number, reason: string) {
      const me = await staff(session);
      const user = await actionable(me, userId);
      const actionId = await audit(me, 'warn', { type: 'user', id: user.id, userId: user.id }, reason);
      await tell(user.id, { kind: 'warned', reason });
      return { action_id: actionId };
    },

    /**
     * Suspends for `days` or for good: every session and socket of the user ends at once (on every
     * process), sign-in is refused, their listings are hidden; open reports about them are closed.
     */
    async suspend(
      session: Session,
      userId: number,
      body: { reason: string; days?: number | undefined; forever?: boolean | undefined },
    ) {
      const me = await staff(session);
      const user = await actionable(me, userId);
      const until = body.forever
        ? new Date(SUSPENDED_FOREVER)
        : new Date(clock.now().getTime() + (body.days ?? 1) * DAY_MS);
      await moderation.setSuspension(user.id, until, clock.now());
      await deps.endSessions(user.id);
      const reporters = await moderation.resolveAllAbout(user.id, clock.now());
      await Promise.all([...new Set(reporters)].map((r) => tell(r, { kind: 'report_handled' })));
      const actionId = await audit(
        me,
        'suspend',
        { type: 'user', id: user.id, userId: user.id },
        body.reason,
        {
          until: body.forever ? null : until.toISOString(),
          forever: Boolean(body.forever),
        },
      );
      await tell(user.id, {
        kind: 'suspended',
        reason: body.reason,
        until: body.forever ? null : until.toISOString().slice(0, 10),
      });
      return { action_id: actionId };
    },

    async restore(session: Session, userId: number, reason: string) {
      const me = await staff(session);
      const user = await actionable(me, userId);
      await moderation.setSuspension(user.id, null, clock.now());
      const actionId = await audit(me, 'restore', { type: 'user', id: user.id, userId: user.id }, reason);
      await tell(user.id, { kind: 'restored' });
      return { action_id: actionId };
    },

    /** Listings with a licence number to check against the authority's register, oldest first. */
    async licences(session: Session): Promise<{ items: LicenceItem[] }> {
      await staff(session);
      const ids = await moderation.uncheckedLicences(QUEUE_SIZE);
      const rows = await posts.byIds(ids, 0);
      const authors = new Map(
        (await users.findByIds([...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u]),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        items: ids.flatMap((id) => {
          const row = byId.get(id);
          if (!row?.licenceNumber) return [];
          const author = authors.get(row.userId);
          return [
            {
              post_id: id,
              licence_number: row.licenceNumber,
              checked: row.licenceCheckedAt !== null,
              author: author ? userView(author) : null,
              content: postContent(row),
            },
          ];
        }),
      };
    },

    /** Marks a listing's licence number checked (or not): the listing shows it; the audit log keeps it. */
    async checkLicence(session: Session, postId: number, checked: boolean) {
      const me = await staff(session);
      const row = await moderation.setLicenceChecked(postId, checked ? clock.now() : null);
      if (!row) throw new NotFound('postNotFound');
      if (row.licenceNumber === null) throw new Invalid({ checked: 'licenceMissing' }, 'licenceMissing');
      const actionId = await audit(
        me,
        checked ? 'check_licence' : 'uncheck_licence',
        { type: 'post', id: postId, userId: row.userId },
        null,
        { licence_number: row.licenceNumber },
      );
      return { action_id: actionId };
    },

    async auditLog(
      session: Session,
      query: {
        action?: ModerationAction | undefined;
        moderator_id?: number | undefined;
        target_user_id?: number | undefined;
        cursor?: number | undefined;
        per_page: number;
      },
    ) {
      await staff(session);
      const { rows, hasMore } = await moderation.auditPage({
        action: query.action,
        moderatorId: query.moderator_id,
        targetUserId: query.target_user_id,
        cursor: query.cursor,
        limit: query.per_page,
      });
      const entries: AuditEntry[] = rows.map((r) => ({
        id: r.id,
        action: r.action,
        moderator: { id: r.moderatorId, name: r.moderatorName },
        target_type: r.targetType,
        target_id: r.targetId,
        target_user_id: r.targetUserId,
        reason: r.reason,
        details: (r.details as Record<string, unknown> | null) ?? null,
        created_at: r.createdAt.toISOString(),
      }));
      const last = rows.at(-1);
      return { entries, next_cursor: hasMore && last ? last.id : null };
    },

    async moderators(session: Session) {
      await staff(session);
      return { users: (await moderation.staff()).map(userView) };
    },

    async grantModerator(session: Session, email: string) {
      const me = await staff(session, 'admin');
      const user = await users.findByEmail(email);
      if (!user) throw new Invalid({ email: 'userNotFound' }, 'userNotFound');
      if (user.role === 'member') await moderation.setRole(user.id, 'moderator', clock.now());
      const actionId = await audit(
        me,
        'grant_moderator',
        { type: 'user', id: user.id, userId: user.id },
        null,
      );
      return { action_id: actionId };
    },

    async revokeModerator(session: Session, userId: number) {
      const me = await staff(session, 'admin');
      if (userId === me.id) throw new Invalid({ user_id: 'cannotModerateSelf' }, 'cannotModerateSelf');
      const user = await users.findById(userId);
      if (!user) throw new NotFound('userNotFound');
      if (user.role === 'moderator') await moderation.setRole(user.id, 'member', clock.now());
      const actionId = await audit(
        me,
        'revoke_moderator',
        { type: 'user', id: user.id, userId: user.id },
        null,
      );
      return { action_id: actionId };
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
