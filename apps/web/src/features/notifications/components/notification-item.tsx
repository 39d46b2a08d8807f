import { LISTING_STATUSES } from '@makan/contract/listing';
import type { ListingChange, Notification } from '@makan/contract/notifications';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ShieldCheckIcon } from '../../../components/ui/icons/shield-check.tsx';
import { cx } from '../../../lib/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatNumber, formatPrice } from '../../../lib/numbers.ts';
import { safeRedirect } from '../../../lib/session.ts';
import { formatDate, timeAgo } from '../../../lib/time.ts';

/** Names in the sentence: isolated from the text around them (either script), and in bold. */
const nameTag = <bdi className="font-semibold text-slate-900 dark:text-slate-50" />;

/**
 * Who did it, as people say it: 'Sara', 'Sara and Omar', 'Sara and 3 others' (the others counted
 * from `actors_count`, in each language's plural forms). A group of two whose second person is no
 * longer shown counts them instead of naming them.
 */
function Actors({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const [first, second] = notification.actors;
  const name = first?.name ?? t('notifications.someone');
  const total = Math.max(notification.actors_count, notification.actors.length);
  if (total === 2 && second)
    return (
      <Trans
        i18nKey="notifications.actors.two"
        values={{ name, other: second.name }}
        components={{ b: nameTag }}
      />
    );
  if (total >= 2)
    return (
      <Trans
        i18nKey="notifications.actors.others"
        count={total - 1}
        values={{ name }}
        components={{ b: nameTag }}
      />
    );
  return <Trans i18nKey="notifications.actors.one" values={{ name }} components={{ b: nameTag }} />;
}

/** The notification's sentence in the reader's language. */
function Sentence({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { kind } = notification;
  if (kind === 'moderation') return <>{t(`notifications.moderation.${notification.outcome ?? 'notice'}`)}</>;
  if (kind === 'search')
    // A listing matched a saved search: its author, and the search's name (the user's own words).
    return (
      <Trans
        i18nKey="notifications.kinds.search"
        values={{ name: notification.excerpt ?? '' }}
        components={{
          actors: <Actors notification={notification} />,
          search: <bdi dir="auto" className="font-semibold" data-testid="notification-search-name" />,
        }}
      />
    );
  return (
    <Trans
      i18nKey={`notifications.kinds.${kind}`}
      components={{ actors: <Actors notification={notification} /> }}
    />
  );
}

const isStatus = (value: string | null): value is (typeof LISTING_STATUSES)[number] =>
  (LISTING_STATUSES as readonly (string | null)[]).includes(value);

/**
 * What changed on a bookmarked listing, in the reader's language: its price in its currency
 * ('Price: SAR 1,200,000 → SAR 1,100,000') or its status by the listing's own labels.
 */
function Change({ change }: { change: ListingChange }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const price = (value: string | null) => {
    const amount = value === null ? Number.NaN : Number(value);
    if (!Number.isFinite(amount)) return t('notifications.change.none');
    return change.currency ? formatPrice(amount, change.currency, language) : formatNumber(amount, language);
  };
  const status = (value: string | null) =>
    isStatus(value) ? t(`posts.status.${value}`) : t('notifications.change.none');
  const show = change.field === 'price' ? price : status;
  return (
    <span className="text-sm text-slate-700 dark:text-slate-300" data-testid="notification-change">
      {t(`notifications.change.${change.field}`, { from: show(change.from), to: show(change.to) })}
    </span>
  );
}

/** The latest people's pictures, overlapping; a shield for what the moderators say. */
function Pictures({ notification }: { notification: Notification }) {
  if (notification.kind === 'moderation' || notification.actors.length === 0)
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <ShieldCheckIcon />
      </span>
    );
  return (
    <span className="flex shrink-0">
      {notification.actors.map((actor, index) => (
        <Avatar
          key={actor.id}
          name={actor.name}
          src={actor.picture?.url}
          size="sm"
          className={cx('ring-2 ring-white dark:ring-slate-900', index > 0 && '-ms-5')}
        />
      ))}
    </span>
  );
}

interface NotificationItemProps {
  notification: Notification;
  /** Called as the link is followed (marks it read). */
  onOpen: (notification: Notification) => void;
}

/** One notification: a link to what it is about; unread ones tinted and dotted. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { read, excerpt } = notification;
  return (
    <li>
      <Link
        to={safeRedirect(notification.link) ?? '/notifications'}
        onClick={() => onOpen(notification)}
        data-testid={`notification-${notification.id}`}
        data-read={String(read)}
        className={cx(
          'flex items-start gap-3 rounded-xl border p-3 transition-colors sm:p-4',
          read
            ? 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800'
            : 'border-primary-200 bg-primary-50 hover:bg-primary-100 dark:border-primary-900 dark:bg-primary-950 dark:hover:bg-primary-900',
        )}
      >
        <Pictures notification={notification} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-sm text-slate-800 dark:text-slate-200">
            {!read && <span className="sr-only">{`${t('notifications.unread')} `}</span>}
            <Sentence notification={notification} />
          </span>
          {notification.kind === 'listing' && notification.change && <Change change={notification.change} />}
          {excerpt && notification.kind !== 'search' && (
            <span className="line-clamp-2 text-sm break-words text-slate-600 dark:text-slate-300">
              {notification.kind === 'moderation' && (
                <>
                  <span className="font-medium">{t('notifications.reason')}</span>{' '}
                </>
              )}
              <bdi dir="auto" data-testid="notification-excerpt">
                {excerpt}
              </bdi>
            </span>
          )}
          <time
            dateTime={notification.updated_at}
            title={formatDate(notification.updated_at, language, { dateStyle: 'medium', timeStyle: 'short' })}
            className="text-xs text-slate-600 dark:text-slate-400"
          >
            {timeAgo(notification.updated_at, t)}
          </time>
        </span>
        {!read && (
          <span
            aria-hidden="true"
            data-testid="notification-dot"
            className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary-700 dark:bg-primary-400"
          />
        )}
      </Link>
    </li>
  );
}
