import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IconNavLink } from '../../../components/ui/icon-nav-link.tsx';
import { BellIcon } from '../../../components/ui/icons/bell.tsx';
import { inTurn, useAfterLoadIdle } from '../../../lib/after-load.ts';
import { useUnreadNotifications } from '../api/unread-count.ts';

// The live updates need the Socket.IO client (shared with the chat's connection): no first screen needs
// them, so they load once the page has loaded and gone idle. The bell itself is a link and a count,
// asked for then too: its read (and the notifications' schemas it loads) would otherwise go out beside
// the page's own code and data, which the page's first paint waits for.
const NotificationsLive = lazy(() =>
  inTurn(() => import('./notifications-live.tsx')).then((m) => ({ default: m.NotificationsLive })),
);

/** The header's bell for a signed-in user: a link to /notifications with the unread count. */
export function NotificationsBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  const loaded = useAfterLoadIdle();
  const { data: count = 0 } = useUnreadNotifications(loaded);
  const label = count > 0 ? t('nav.notificationsUnread', { count }) : t('nav.notifications');
  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <NotificationsLive />
        </Suspense>
      )}
      <IconNavLink
        to="/notifications"
        label={label}
        icon={<BellIcon />}
        count={count}
        testId="notifications-bell"
        badgeTestId="notifications-badge"
        className={className}
      />
    </>
  );
}
