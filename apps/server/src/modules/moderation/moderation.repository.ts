import type { ModerationAction, ReportReason, ReportTarget, Role } from '@makan/contract/moderation';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/chat.ts';
import { moderationActions, reports } from '../../db/schema/moderation.ts';
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
  reasons: ReportReason[];
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
    async queue(limit: number): Promise<QueueRow[]> {
      const result = await db.execute(sql`
        select target_type, target_id, max(target_user_id) as target_user_id, count(*)::int as reports_count,
          array_agg(distinct reason) as reasons, min(created_at) as first_reported_at
        from reports where status = 'open'
        group by target_type, target_id
        order by count(*) desc, min(created_at) asc
        limit ${limit}`);
      return queueRows.parse(result).rows.map((r) => ({
        targetType: r.target_type as ReportTarget,
        targetId: r.target_id,
        targetUserId: r.target_user_id,
        reportsCount: r.reports_count,
        reasons: r.reasons as ReportReason[],
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
      return rows.map((r) => r.reporterId);
    },

    /** Closes every open report about a user's account or content (they were suspended). */
    async resolveAllAbout(userId: number, now: Date) {
      const rows = await db
        .update(reports)
        .set({ status: 'actioned', resolvedAt: now })
        .where(and(eq(reports.targetUserId, userId), eq(reports.status, 'open')))
        .returning({ reporterId: reports.reporterId });
      return rows.map((r) => r.reporterId);
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
