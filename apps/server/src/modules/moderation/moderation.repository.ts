import type {
  ModerationAction,
  QueueKind,
  QueueReason,
  ReportReason,
  ReportTarget,
  Role,
  SignalReason,
} from '@makan/contract/moderation';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/chat.ts';
import { moderationActions, reports } from '../../db/schema/moderation.ts';
import { posts } from '../../db/schema/posts.ts';
import { users } from '../../db/schema/users.ts';

const queueRows = z.object({
  rows: z.array(
    z.object({
      target_type: z.string(),
      target_id: z.coerce.number(),
      target_user_id: z.coerce.number().nullable(),
      reports_count: z.coerce.number(),
      reasons: z.array(z.string()),
      first_reported_at: z.coerce.date(),
    }),
  ),
});

export type QueueRow = {
  targetType: ReportTarget;
  targetId: number;
  targetUserId: number | null;
  reportsCount: number;
  reasons: QueueReason[];
  firstReportedAt: Date;
};

export type AuditInsert = {
  action: ModerationAction;
  /** Null when done from the command line. */
  moderatorId: number | null;
  moderatorName: string;
  targetType: ReportTarget;
  targetId: number;
  targetUserId: number | null;
  reason: string | null;
  details?: Record<string, unknown> | null;
  createdAt: Date;
};

/** The members to tell their report was handled (a signal has nobody to tell). */
const reportersOf = (rows: { reporterId: number | null }[]) =>
  rows.flatMap((r) => (r.reporterId === null ? [] : [r.reporterId]));

const idList = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

/** Reports, the audit log, roles and suspensions (issue 21). */
export function createModerationRepository(db: Database) {
  return {
    /** A new report; undefined when this reporter already reported this target. */
    async createReport(row: {
      reporterId: number;
      targetType: ReportTarget;
      targetId: number;
      targetUserId: number | null;
      reason: ReportReason;
      details: string | null;
      evidence: unknown;
      now: Date;
    }): Promise<number | undefined> {
      const [created] = await db
        .insert(reports)
        .values({
          reporterId: row.reporterId,
          targetType: row.targetType,
          targetId: row.targetId,
          targetUserId: row.targetUserId,
          reason: row.reason,
          details: row.details,
          evidence: row.evidence ?? null,
          createdAt: row.now,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      return created?.id;
    },

    /**
     * Open reports grouped by target: the most reported first (a listing several members flag rises),
     * then the oldest.
     */
    async queue(kind: QueueKind, limit: number): Promise<QueueRow[]> {
      const result = await db.execute(sql`
        select target_type, target_id, max(target_user_id) as target_user_id, count(*)::int as reports_count,
          array_agg(distinct reason) as reasons, min(created_at) as first_reported_at
        from reports where status = 'open'
          and reporter_id is ${kind === 'signals' ? sql`null` : sql`not null`}
        group by target_type, target_id
        order by count(*) desc, min(created_at) asc
        limit ${limit}`);
      return queueRows.parse(result).rows.map((r) => ({
        targetType: r.target_type as ReportTarget,
        targetId: r.target_id,
        targetUserId: r.target_user_id,
        reportsCount: r.reports_count,
        reasons: r.reasons as QueueReason[],
        firstReportedAt: r.first_reported_at,
      }));
    },

    /** Every report of one target, oldest first, with the reporter's name. */
    async reportsOf(targetType: ReportTarget, targetId: number) {
      return db
        .select({
          id: reports.id,
          reporterId: reports.reporterId,
          reporterName: users.name,
          targetUserId: reports.targetUserId,
          reason: reports.reason,
          details: reports.details,
          evidence: reports.evidence,
          status: reports.status,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId)))
        .orderBy(asc(reports.id));
    },

    /** Closes the open reports of a target; answers the reporters, who are told it was handled. */
    async resolve(targetType: ReportTarget, targetId: number, status: 'dismissed' | 'actioned', now: Date) {
      const rows = await db
        .update(reports)
        .set({ status, resolvedAt: now })
        .where(
          and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
        )
        .returning({ reporterId: reports.reporterId });
      return reportersOf(rows);
    },

    /** Closes every open report about a user's account or content (they were suspended). */
    async resolveAllAbout(userId: number, now: Date) {
      const rows = await db
        .update(reports)
        .set({ status: 'actioned', resolvedAt: now })
        .where(and(eq(reports.targetUserId, userId), eq(reports.status, 'open')))
        .returning({ reporterId: reports.reporterId });
      return reportersOf(rows);
    },

    /**
     * A signal the server files about a target (no reporter): one open signal per target and kind;
     * filed again, its related listings are added to the open one's.
     */
    async fileSignal(row: {
      targetType: ReportTarget;
      targetId: number;
      targetUserId: number;
      reason: SignalReason;
      relatedPostIds: number[];
      now: Date;
    }): Promise<void> {
      const evidence = JSON.stringify({ related_post_ids: row.relatedPostIds });
      await db.execute(sql`
        insert into reports (reporter_id, target_type, target_id, target_user_id, reason, evidence, created_at)
        values (null, ${row.targetType}, ${row.targetId}, ${row.targetUserId}, ${row.reason}, ${evidence}::jsonb, ${row.now.toISOString()}::timestamptz)
        on conflict (target_type, target_id, reason) where reporter_id is null and status = 'open'
        do update set evidence = jsonb_build_object('related_post_ids', (
          select coalesce(jsonb_agg(distinct v order by v), '[]'::jsonb) from jsonb_array_elements(
            coalesce(reports.evidence -> 'related_post_ids', '[]'::jsonb) || (excluded.evidence -> 'related_post_ids')) v))`);
    },

    /**
     * Other accounts' listings with a photo the same as one of this post's: difference hashes at
     * most \`distance\` bits apart. Photos too plain to tell have no hash and match nothing.
     */
    async photoTwins(postId: number, authorId: number, distance: number): Promise<number[]> {
      const result = await db.execute(sql`
        select distinct o.post_id as id from post_media m
        join post_media o on o.phash is not null and o.post_id <> m.post_id
        join posts op on op.id = o.post_id and op.user_id <> ${authorId}
        where m.post_id = ${postId} and m.phash is not null
          and bit_count(int8send(m.phash # o.phash)) <= ${distance}
        order by id limit 20`);
      return idList.parse(result).rows.map((r) => r.id);
    },

    /** The user's listings posted since \`since\`, oldest first. */
    async listingsSince(userId: number, since: Date): Promise<number[]> {
      const result = await db.execute(sql`
        select id from posts where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz
        order by id limit 50`);
      return idList.parse(result).rows.map((r) => r.id);
    },

    /** Listings with a licence number no moderator has checked yet, oldest first. */
    async uncheckedLicences(limit: number): Promise<number[]> {
      const result = await db.execute(sql`
        select id from posts where licence_number is not null and licence_checked_at is null
        order by created_at, id limit ${limit}`);
      return idList.parse(result).rows.map((r) => r.id);
    },

    /** Marks a listing's licence checked (or not); undefined without the post, null without a number. */
    async setLicenceChecked(postId: number, at: Date | null) {
      const [row] = await db
        .update(posts)
        .set({
          licenceCheckedAt: sql`case when ${posts.licenceNumber} is null then null else ${at?.toISOString() ?? null}::timestamptz end`,
        })
        .where(eq(posts.id, postId))
        .returning({ userId: posts.userId, licenceNumber: posts.licenceNumber });
      return row;
    },

    async audit(entry: AuditInsert): Promise<number> {
      const [row] = await db
        .insert(moderationActions)
        .values({ ...entry, details: entry.details ?? null })
        .returning({ id: moderationActions.id });
      if (!row) throw new Error('audit entry not written');
      return row.id;
    },

    async auditPage(query: {
      action?: ModerationAction | undefined;
      moderatorId?: number | undefined;
      targetUserId?: number | undefined;
      cursor?: number | undefined;
      limit: number;
    }) {
      const rows = await db
        .select()
        .from(moderationActions)
        .where(
          and(
            query.action ? eq(moderationActions.action, query.action) : undefined,
            query.moderatorId ? eq(moderationActions.moderatorId, query.moderatorId) : undefined,
            query.targetUserId ? eq(moderationActions.targetUserId, query.targetUserId) : undefined,
            query.cursor ? lt(moderationActions.id, query.cursor) : undefined,
          ),
        )
        .orderBy(desc(moderationActions.id))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
    },

    async setRole(userId: number, role: Role, now: Date) {
      await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
    },

    async staff() {
      return db
        .select()
        .from(users)
        .where(inArray(users.role, ['moderator', 'admin']))
        .orderBy(asc(users.id));
    },

    async setSuspension(userId: number, until: Date | null, now: Date) {
      await db.update(users).set({ suspendedUntil: until, updatedAt: now }).where(eq(users.id, userId));
    },

    /** A reported message with the messages around it, as evidence (their words as they are now). */
    async messageWithContext(messageId: number, around: number) {
      const [target] = await db.select().from(messages).where(eq(messages.id, messageId));
      if (!target) return undefined;
      const near = await db.execute(sql`
        (select m.id, m.sender_id, u.name as sender_name, m.content, m.created_at from messages m
          left join users u on u.id = m.sender_id
          where m.conversation_id = ${target.conversationId} and m.id <= ${messageId} and m.type <> 'system'
          order by m.id desc limit ${around + 1})
        union all
        (select m.id, m.sender_id, u.name as sender_name, m.content, m.created_at from messages m
          left join users u on u.id = m.sender_id
          where m.conversation_id = ${target.conversationId} and m.id > ${messageId} and m.type <> 'system'
          order by m.id asc limit ${around})
        order by id`);
      const rows = z
        .object({
          rows: z.array(
            z.object({
              id: z.coerce.number(),
              sender_id: z.coerce.number().nullable(),
              sender_name: z.string().nullable(),
              content: z.string().nullable(),
              created_at: z.coerce.date(),
            }),
          ),
        })
        .parse(near).rows;
      return { target, context: rows };
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
