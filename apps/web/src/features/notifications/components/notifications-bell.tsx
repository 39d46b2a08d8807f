import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { BellIcon } from '../../../components/ui/icons/bell.tsx';
import { UnreadBadge } from '../../../components/ui/unread-badge.tsx';
import { useAfterLoadIdle } from '../../../lib/after-load.ts';
import { cx } from '../../../lib/cx.ts';
import { useUnreadNotifications } from '../api/unread-count.ts';

// The live updates need the Socket.IO client (shared with the chat's connection): no first screen needs
// them, so they load once the page has loaded and gone idle. The bell itself is a link and a count.
const NotificationsLive = lazy(() =>
  import('./notifications-live.tsx').then((m) => ({ default: m.NotificationsLive })),
);

/** The header's bell for a signed-in user: a link to /notifications with the unread count. */
export function NotificationsBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  const loaded = useAfterLoadIdle();
  const { data: count = 0 } = useUnreadNotifications(true);
  const label = count > 0 ? t('nav.notificationsUnread', { count }) : t('nav.notifications');
  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <NotificationsLive />
        </Suspense>
      )}
      <NavLink
        to="/notifications"
        aria-label={label}
        title={label}
        data-testid="notifications-bell"
        className={({ isActive }) =>
          buttonClasses(
            'ghost',
            'icon',
            cx('relative', isActive && 'text-primary-700 dark:text-primary-300', className),
          )
        }
      >
        <BellIcon />
        <UnreadBadge count={count} className="absolute -end-0.5 -top-0.5" testId="notifications-badge" />
      </NavLink>
    </>
  );
}
