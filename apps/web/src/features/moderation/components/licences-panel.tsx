import type { LicenceItem } from '@makan/contract/moderation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useOutcomeToasts } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { useCheckLicence, useLicenceQueue } from '../api/licences.ts';
import { AuthorLine, QueryState } from './moderation-parts.tsx';
import { ContentExcerpt } from './report-queue.tsx';

/**
 * Advertising licences to check (issue 21), oldest first: the moderator looks each number up in the
 * authority's register (REGA, Trakheesi) and marks it as checked; the listing then shows it so.
 */
export function LicencesPanel() {
  const { t } = useTranslation();
  const queue = useLicenceQueue();
  const check = useCheckLicence();
  const outcome = useOutcomeToasts();

  const onCheck = (item: LicenceItem) => {
    check.mutate(
      { postId: item.post_id, checked: true },
      { onSuccess: outcome.succeeded, onError: outcome.failed },
    );
  };

  return (
    <div className="flex flex-col gap-5" data-testid="licences-panel">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('moderation.licences.intro')}</p>
      <QueryState pending={queue.isPending} error={queue.error} onRetry={() => void queue.refetch()}>
        {() =>
          queue.data?.length ? (
            <ul
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
              data-testid="licences-list"
            >
              {queue.data.map((item) => (
                <LicenceRow
                  key={item.post_id}
                  item={item}
                  checking={check.isPending && check.variables.postId === item.post_id}
                  onCheck={() => onCheck(item)}
                />
              ))}
            </ul>
          ) : (
            <p className="p-6 text-center text-slate-600 dark:text-slate-300" data-testid="licences-empty">
              {t('moderation.licences.empty')}
            </p>
          )
        }
      </QueryState>
    </div>
  );
}

function LicenceRow({
  item,
  checking,
  onCheck,
}: {
  item: LicenceItem;
  checking: boolean;
  onCheck: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className="flex flex-col gap-3 p-4" data-testid={`licence-item-${item.post_id}`}>
      <ContentExcerpt item={item} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <span className="text-slate-600 dark:text-slate-400">
            {t('moderation.author')} <AuthorLine user={item.author} />
          </span>
          <p className="text-slate-700 dark:text-slate-300">
            {t('moderation.licences.number')}{' '}
            {/* An authority's number reads left to right in either language. */}
            <bdi dir="ltr" className="font-mono font-semibold" data-testid="licence-number">
              {item.licence_number}
            </bdi>
          </p>
          {item.content.created_at && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <time dateTime={item.content.created_at}>
                {t('moderation.licences.posted', { date: formatDate(item.content.created_at, language) })}
              </time>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {item.content.exists && (
            <Link
              to={`/post/${item.post_id}`}
              className="text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
            >
              {t('moderation.licences.viewListing')}
            </Link>
          )}
          <Button
            size="sm"
            loading={checking}
            onClick={onCheck}
            aria-label={t('moderation.licences.checkFor', { id: item.post_id })}
            data-testid="licence-check"
          >
            {t('moderation.licences.check')}
          </Button>
        </div>
      </div>
    </li>
  );
}
