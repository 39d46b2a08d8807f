import type { QueueItem, QueueKind } from '@makan/contract/moderation';
import { formatNumber } from '@makan/contract/numbers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { useReportQueue } from '../api/queue.ts';
import { AuthorLine, type CaseFrom, QueryState, ReasonChips, TargetBadge } from './moderation-parts.tsx';

/** What differs between the two queues: their test ids and their words. */
const QUEUES = {
  reports: {
    testId: 'report-queue',
    empty: 'moderation.queue.empty',
    first: 'moderation.queue.firstReported',
  },
  signals: {
    testId: 'signal-queue',
    empty: 'moderation.queue.signalsEmpty',
    first: 'moderation.queue.firstSignalled',
  },
} as const;

/**
 * The open reports, one line per reported thing; each opens its case. `kind`: the members' reports,
 * or the signals the server filed itself (issue 21).
 */
export function ReportQueue({ kind }: { kind: QueueKind }) {
  const { t } = useTranslation();
  const queue = useReportQueue(kind);
  const { testId, empty } = QUEUES[kind];
  return (
    <QueryState pending={queue.isPending} error={queue.error} onRetry={() => void queue.refetch()}>
      {() =>
        queue.data?.length ? (
          <ul className="flex flex-col gap-3" data-testid={testId}>
            {queue.data.map((item) => (
              <QueueRow key={`${item.target_type}-${item.target_id}`} item={item} kind={kind} />
            ))}
          </ul>
        ) : (
          <p
            className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300"
            data-testid={`${testId}-empty`}
          >
            {t(empty)}
          </p>
        )
      }
    </QueryState>
  );
}

/** What a reported thing says, in a line or two (its photo beside it). */
export function ContentExcerpt({ item }: { item: Pick<QueueItem, 'content'> }) {
  const { t } = useTranslation();
  const { content } = item;
  if (!content.exists)
    return <p className="text-sm text-slate-600 italic dark:text-slate-400">{t('moderation.gone')}</p>;
  return (
    <div className="flex min-w-0 items-start gap-3">
      {content.image_url && (
        <img
          src={content.image_url}
          alt={t('moderation.photo')}
          className="size-16 shrink-0 rounded-lg object-cover"
          loading="lazy"
        />
      )}
      <p
        dir="auto"
        className="line-clamp-3 min-w-0 text-start break-words text-slate-800 dark:text-slate-200"
      >
        {content.text || t('moderation.noText')}
      </p>
    </div>
  );
}

function QueueRow({ item, kind }: { item: QueueItem; kind: QueueKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const href = `/admin/reports/${item.target_type}/${item.target_id}`;
  const formatted = formatNumber(item.reports_count, language);
  // The case goes back to the queue it was opened from.
  const from: CaseFrom = { queue: kind };
  return (
    <li
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-primary-400 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-primary-600"
      data-testid={`queue-item-${item.target_type}-${item.target_id}`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <TargetBadge type={item.target_type} />
        <span className="text-sm font-semibold text-red-800 dark:text-red-300" data-testid="queue-count">
          {kind === 'signals'
            ? t('moderation.queue.signals', { count: item.reports_count, formatted })
            : t('moderation.queue.reports', { count: item.reports_count, formatted })}
        </span>
        <span className="ms-auto text-xs text-slate-600 dark:text-slate-400">
          {t(QUEUES[kind].first, { date: formatDate(item.first_reported_at, language) })}
        </span>
      </div>
      <ContentExcerpt item={item} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-slate-600 dark:text-slate-400">
          {t('moderation.author')} <AuthorLine user={item.author} />
        </span>
        <ReasonChips reasons={item.reasons} />
      </div>
      {/* The whole card opens the case; the link's own text names it for screen readers. */}
      <Link to={href} state={from} className="absolute inset-0 rounded-2xl" data-testid="queue-open">
        <span className="sr-only">
          {t('moderation.queue.open', {
            target: t(`moderation.targets.${item.target_type}`),
            id: item.target_id,
          })}
        </span>
      </Link>
    </li>
  );
}
