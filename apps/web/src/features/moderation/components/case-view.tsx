import type { DateTimeFormatOptions } from '@makan/contract/intl';
import type {
  QueueKind,
  ReportTarget,
  reportCase,
  reportSchema,
  SignalReason,
} from '@makan/contract/moderation';
import { formatNumber } from '@makan/contract/numbers';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { Card } from '../../../components/ui/page.tsx';
import { cx } from '../../../lib/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { useReportCase } from '../api/report-case.ts';
import { ActionDialog, type ActionKind } from './action-dialog.tsx';
import {
  AuthorLine,
  isSuspended,
  QUEUE_PATHS,
  QueryState,
  reasonClasses,
  signalReason,
  TargetBadge,
  useCaseFrom,
} from './moderation-parts.tsx';
import { ContentExcerpt } from './report-queue.tsx';

type Case = z.infer<typeof reportCase>;
type Report = z.infer<typeof reportSchema>;

const dateTime: DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A case only the server's signals opened belongs to the Signals queue. */
const signalsOnly = (data: Case) => data.reports.length > 0 && data.reports.every((item) => item.signal);

/** /admin/reports/{type}/{id}: the reported thing in context, every report of it, and what to do. */
export function CaseView({ type, id }: { type: ReportTarget; id: number }) {
  const { t } = useTranslation();
  const report = useReportCase(type, id);
  // The queue it was opened from; opened from a link, the queue its reports belong to.
  const queue: QueueKind = useCaseFrom() ?? (report.data && signalsOnly(report.data) ? 'signals' : 'reports');
  return (
    <div className="flex flex-col gap-5" data-testid="moderation-case">
      <div>
        <Link to={QUEUE_PATHS[queue]} className={buttonClasses('ghost', 'sm')} data-testid="case-back">
          <ArrowBackIcon className="size-4" />
          {t(queue === 'signals' ? 'moderation.case.backSignals' : 'moderation.case.back')}
        </Link>
      </div>
      <QueryState
        pending={report.isPending}
        error={report.error}
        onRetry={() => void report.refetch()}
        notFound={t('moderation.case.notFound')}
      >
        {() => report.data && <LoadedCase data={report.data} queue={queue} />}
      </QueryState>
    </div>
  );
}

/** Where the thing lives in Makan (a message has no page of its own). */
function originalHref(data: Case): string | null {
  const { content } = data;
  if (!content.exists) return null;
  if (content.type === 'post') return `/post/${content.id}`;
  if (content.type === 'user') return `/user/${content.id}`;
  if (content.type === 'comment' && content.parent_id !== null)
    return `/comment/${content.parent_id}/${content.id}`;
  return null;
}

function LoadedCase({ data, queue }: { data: Case; queue: QueueKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [acting, setActing] = useState<ActionKind | null>(null);
  const href = originalHref(data);
  const author = data.author;
  const suspended = author ? isSuspended(author) : false;
  const open = data.reports.some((item) => item.status === 'open');

  const onDone = (kind: ActionKind) => {
    setActing(null);
    // The case is closed: back to what is left to do. An action on the author keeps the case open.
    if (kind === 'dismiss' || kind === 'remove') navigate(QUEUE_PATHS[queue]);
  };

  return (
    <>
      <Card>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <TargetBadge type={data.target_type} />
          <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('moderation.case.title', {
              target: t(`moderation.targets.${data.target_type}`),
              id: data.target_id,
            })}
          </h2>
          {data.content.created_at && (
            <span className="ms-auto text-xs text-slate-600 dark:text-slate-400">
              {formatDate(data.content.created_at, language, dateTime)}
            </span>
          )}
        </div>
        <div data-testid="case-content">
          <ContentExcerpt item={data} />
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-slate-600 dark:text-slate-400" data-testid="case-author">
            {t('moderation.author')} <AuthorLine user={author} />
          </span>
          {href && (
            <Link to={href} className="font-semibold text-primary-700 hover:underline dark:text-primary-300">
              {t('moderation.case.viewOriginal')}
            </Link>
          )}
        </div>
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('moderation.case.actions')}
        </h2>
        <div className="flex flex-wrap gap-3" data-testid="case-actions">
          {open && (
            <Button variant="secondary" onClick={() => setActing('dismiss')} data-testid="action-dismiss">
              {t('moderation.actions.dismiss.button')}
            </Button>
          )}
          {data.target_type !== 'user' && data.content.exists && (
            <Button variant="danger" onClick={() => setActing('remove')} data-testid="action-remove">
              {t('moderation.actions.remove.button')}
            </Button>
          )}
          {author && (
            <Button variant="secondary" onClick={() => setActing('warn')} data-testid="action-warn">
              {t('moderation.actions.warn.button')}
            </Button>
          )}
          {author && !suspended && (
            <Button variant="danger" onClick={() => setActing('suspend')} data-testid="action-suspend">
              {t('moderation.actions.suspend.button')}
            </Button>
          )}
          {author && suspended && (
            <Button variant="primary" onClick={() => setActing('restore')} data-testid="action-restore">
              {t('moderation.actions.restore.button')}
            </Button>
          )}
        </div>
      </Card>

      <section aria-labelledby="case-reports-heading" className="flex flex-col gap-3">
        <h2 id="case-reports-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('moderation.case.reports', {
            count: data.reports.length,
            formatted: formatNumber(data.reports.length, language),
          })}
        </h2>
        <ul className="flex flex-col gap-3" data-testid="case-reports">
          {data.reports.map((item) => (
            <ReportEntry key={item.id} report={item} />
          ))}
        </ul>
      </section>

      {acting && (
        <ActionDialog
          kind={acting}
          target={{ type: data.target_type, id: data.target_id }}
          author={author}
          onClose={() => setActing(null)}
          onDone={onDone}
        />
      )}
    </>
  );
}

const statusClasses: Record<Report['status'], string> = {
  open: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  dismissed: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  actioned: 'bg-primary-50 text-primary-900 dark:bg-primary-950 dark:text-primary-100',
};

function ReportEntry({ report }: { report: Report }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const signal = signalReason(report.reason);
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid={`case-report-${report.id}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900 dark:text-slate-50" data-testid="case-report-reason">
          {t(`reports.reasons.${report.reason}`)}
        </span>
        <span
          className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusClasses[report.status])}
        >
          {t(`moderation.case.status.${report.status}`)}
        </span>
        <span className="ms-auto text-xs text-slate-600 dark:text-slate-400">
          {formatDate(report.created_at, language, dateTime)}
        </span>
      </div>
      {report.signal ? (
        // The server filed it: no member to name, and no account that was deleted either.
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span
            className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', reasonClasses(report.reason))}
            data-testid="case-report-signal"
          >
            {t('moderation.case.signal')}
          </span>
          <span>{t('moderation.case.signalHint')}</span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {report.reporter
            ? t('moderation.case.reporter', { name: report.reporter.name })
            : t('moderation.case.deletedReporter')}
        </p>
      )}
      {report.details && (
        <p
          dir="auto"
          className="mt-2 text-start break-words whitespace-pre-line text-slate-800 dark:text-slate-200"
        >
          {report.details}
        </p>
      )}
      {signal && report.related_post_ids.length > 0 && (
        <RelatedListings reason={signal} postIds={report.related_post_ids} />
      )}
      {report.evidence && report.evidence.length > 0 && <Evidence messages={report.evidence} />}
    </li>
  );
}

/** A signal's listings: the others with the same photo, or the new account's recent ones. */
function RelatedListings({ reason, postIds }: { reason: SignalReason; postIds: number[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="mt-3">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t(`moderation.case.related.${reason}`)}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-wrap gap-2" data-testid="case-related">
        {postIds.map((postId) => (
          <li key={postId}>
            <Link
              to={`/post/${postId}`}
              className="inline-flex rounded-lg border border-slate-200 px-3 py-1 text-sm font-semibold text-primary-700 hover:border-primary-400 hover:underline dark:border-slate-700 dark:text-primary-300 dark:hover:border-primary-600"
              data-testid={`case-related-${postId}`}
            >
              {t('moderation.case.relatedListing', { id: postId })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Evidence({ messages }: { messages: NonNullable<Report['evidence']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="mt-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t('moderation.case.evidence')}
      </h3>
      <ol className="flex flex-col gap-2" data-testid="case-evidence">
        {messages.map((message) => (
          <li
            key={message.id}
            data-reported={message.reported}
            data-testid={`evidence-${message.id}`}
            className={cx(
              'rounded-xl border p-3 text-sm',
              message.reported
                ? 'border-red-400 bg-red-50 dark:border-red-700 dark:bg-red-950'
                : 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950',
            )}
          >
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
              <bdi className="font-semibold text-slate-900 dark:text-slate-50">
                {message.sender_name ?? t('moderation.case.unknownSender')}
              </bdi>
              <span>{formatDate(message.created_at, language, dateTime)}</span>
              {message.reported && (
                <span className="font-semibold text-red-800 dark:text-red-200">
                  {t('moderation.case.reportedMessage')}
                </span>
              )}
            </div>
            <p
              dir="auto"
              className="mt-1 text-start break-words whitespace-pre-line text-slate-800 dark:text-slate-200"
            >
              {message.content ?? t('moderation.case.noContent')}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
