import type { ModerationUser, QueueItem, reportSchema } from '@makan/contract/moderation';
import type { z } from 'zod';

type CaseReport = z.infer<typeof reportSchema>;

export function moderationUserFixture(overrides: Partial<ModerationUser> = {}): ModerationUser {
  return {
    id: 2,
    name: 'Noor Haddad',
    user_type: 'retail',
    role: 'member',
    suspended_until: null,
    suspended_forever: false,
    ...overrides,
  };
}

/** A line of the queue: post 7, reported three times. */
export function queueItemFixture(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    target_type: 'post',
    target_id: 7,
    reports_count: 3,
    reasons: ['fraud', 'misleading'],
    first_reported_at: '2026-11-20T10:00:00.000Z',
    author: moderationUserFixture(),
    content: {
      type: 'post',
      id: 7,
      exists: true,
      text: 'Grade A office floor, pay the deposit by wire today',
      parent_id: null,
      image_url: null,
      created_at: '2026-11-19T09:00:00.000Z',
    },
    ...overrides,
  };
}

/** A member's open report of a case (a signal: `signal: true`, no reporter, its related listings). */
export function caseReportFixture(id: number, overrides: Partial<CaseReport> = {}): CaseReport {
  return {
    id,
    reporter: { id: 30 + id, name: `Reporter ${id}` },
    reason: 'fraud',
    signal: false,
    details: null,
    related_post_ids: [],
    status: 'open',
    created_at: '2026-11-20T10:00:00.000Z',
    evidence: null,
    ...overrides,
  };
}
