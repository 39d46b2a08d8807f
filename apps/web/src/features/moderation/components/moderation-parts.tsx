import {
  type ModerationUser,
  QUEUE_KINDS,
  type QueueKind,
  type QueueReason,
  type ReportTarget,
  SIGNAL_REASONS,
  type SignalReason,
} from '@makan/contract/moderation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { LockIcon } from '../../../components/ui/icons/lock.tsx';
import { useDocumentTitle } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { formatDate } from '../../../lib/time.ts';

/** Whether an account is suspended now (for good, or until a date still to come). */
export function isSuspended(user: ModerationUser, now: Date = new Date()): boolean {
  return user.suspended_forever || (user.suspended_until !== null && new Date(user.suspended_until) > now);
}

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function TargetBadge({ type }: { type: ReportTarget }) {
  const { t } = useTranslation();
  return (
    <span className={`${chip} bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200`}>
      {t(`moderation.targets.${type}`)}
    </span>
  );
}

/** The reason when the server filed it (a signal), else undefined. */
export function signalReason(reason: QueueReason): SignalReason | undefined {
  return SIGNAL_REASONS.find((signal) => signal === reason);
}

/** Members' reasons in amber; the server's signals in violet, so an automatic one reads apart. */
export const reasonClasses = (reason: QueueReason) =>
  signalReason(reason)
    ? 'bg-violet-50 text-violet-900 dark:bg-violet-950 dark:text-violet-100'
    : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100';

export function ReasonChips({ reasons }: { reasons: ReadonlyArray<QueueReason> }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('moderation.reasons')}>
      {reasons.map((reason) => (
        <li key={reason} className={`${chip} ${reasonClasses(reason)}`}>
          {t(`reports.reasons.${reason}`)}
        </li>
      ))}
    </ul>
  );
}

/** The queue a case was opened from (router state set by the queue's link). */
const caseFrom = z.object({ queue: z.enum(QUEUE_KINDS) });
export type CaseFrom = z.infer<typeof caseFrom>;

/** Where each queue lives in the console. */
export const QUEUE_PATHS: Record<QueueKind, string> = { reports: '/admin', signals: '/admin/signals' };

/** The queue the open case came from; undefined when it was opened from elsewhere (a link, a reload). */
export function useCaseFrom(): QueueKind | undefined {
  const parsed = caseFrom.safeParse(useLocation().state);
  return parsed.success ? parsed.data.queue : undefined;
}

/** "Suspended until 3 Dec 2026" / "Suspended for good", or nothing for an account in good standing. */
export function SuspendedBadge({ user }: { user: ModerationUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!isSuspended(user)) return null;
  return (
    <span
      className={`${chip} bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200`}
      data-testid="suspended-badge"
    >
      {user.suspended_forever || user.suspended_until === null
        ? t('moderation.suspendedForever')
        : t('moderation.suspendedUntil', { date: formatDate(user.suspended_until, language) })}
    </span>
  );
}

/** The author's name (in their own script), their role when not a member, and their suspension. */
export function AuthorLine({ user }: { user: ModerationUser | null }) {
  const { t } = useTranslation();
  if (!user) return <span className="text-slate-600 dark:text-slate-400">{t('moderation.noAuthor')}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <bdi className="font-semibold text-slate-900 dark:text-slate-50">{user.name}</bdi>
      {user.role !== 'member' && (
        <span className={`${chip} bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100`}>
          {t(`moderation.roles.${user.role}`)}
        </span>
      )}
      <SuspendedBadge user={user} />
    </span>
  );
}

/**
 * For members (the role the app knows, or the server's 403): a clear "not for you". `standalone`: the
 * whole page (its h1); else inside the console's page, under its heading. The tab's title says it.
 */
export function NotAllowed({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const title = t('moderation.notAllowed.title');
  const Heading = standalone ? 'h1' : 'h2';
  useDocumentTitle(title);
  return (
    <div
      role="alert"
      data-testid="moderation-not-allowed"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <LockIcon className="size-7" />
      </span>
      <Heading className="text-xl font-semibold text-slate-900 dark:text-slate-50">{title}</Heading>
      <p className="text-slate-600 dark:text-slate-300">{t('moderation.notAllowed.text')}</p>
      <Link to="/home" className={buttonClasses('secondary')}>
        {t('common.goHome')}
      </Link>
    </div>
  );
}

/** A query of the console that is loading or failed; `children` once it has its data. */
export function QueryState({
  pending,
  error,
  onRetry,
  notFound,
  children,
}: {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  /** What a 404 means here (e.g. a case closed since). */
  notFound?: ReactNode;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (error) {
    if (error instanceof ApiError && error.status === 403) return <NotAllowed />;
    if (notFound && error instanceof ApiError && error.status === 404)
      return <Alert tone="info">{notFound}</Alert>;
    return (
      <Alert
        testId="moderation-load-failure"
        actions={
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        {apiErrorText(t, error)}
      </Alert>
    );
  }
  if (pending)
    return (
      <div className="flex justify-center py-12 text-primary-700 dark:text-primary-300">
        <Spinner size="lg" />
      </div>
    );
  return <>{children()}</>;
}
