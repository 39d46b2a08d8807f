import { TEXT } from '@makan/contract/texts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { BellIcon } from '../../../components/ui/icons/bell.tsx';
import { CheckIcon } from '../../../components/ui/icons/check.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorText, translateMessage } from '../../../lib/messages.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-read.ts';
import { useMarkNotificationRead } from '../api/mark-read.ts';
import { useNotifications } from '../api/notifications.ts';
import { useUnreadNotifications } from '../api/unread-count.ts';
import { NotificationItem } from './notification-item.tsx';

/**
 * /notifications: what happened, newest activity first, a page at a time. New ones arrive at the top
 * while the page is open (the socket's NotificationsChanged, live.ts); opening one reads it.
 */
export function NotificationsView() {
  const { t } = useTranslation();
  const list = useNotifications();
  const unread = useUnreadNotifications(true).data ?? 0;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const anyUnread = unread > 0 || notifications.some((notification) => !notification.read);

  if (list.isError && !list.data)
    return (
      <LoadFailure
        title={t('notifications.loadFailed')}
        message={apiErrorText(t, list.error)}
        onRetry={() => void list.refetch()}
      />
    );

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: ({ message }) =>
        showToast(translateMessage(t, message ?? TEXT.notificationsAllRead), 'success'),
    });

  return (
    <Page
      title={t('notifications.title')}
      testId="notifications-page"
      className="max-w-2xl"
      actions={
        notifications.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            disabled={!anyUnread}
            loading={markAll.isPending}
            onClick={onMarkAll}
            data-testid="notifications-mark-all"
          >
            <CheckIcon className="size-4" />
            {t('notifications.markAll')}
          </Button>
        )
      }
    >
      {list.isPending ? (
        <div className="flex justify-center py-12 text-primary-700 dark:text-primary-300">
          <Spinner size="lg" />
        </div>
      ) : notifications.length === 0 ? (
        <div
          data-testid="notifications-empty"
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center dark:border-slate-700"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <BellIcon className="size-6" />
          </span>
          <h2 className="font-semibold text-slate-900 dark:text-slate-50">
            {t('notifications.empty.title')}
          </h2>
          <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">
            {t('notifications.empty.text')}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <ol className="flex flex-col gap-2" data-testid="notifications-list">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={(opened) => {
                  if (!opened.read) markRead.mutate(opened);
                }}
              />
            ))}
          </ol>
          {list.isFetchNextPageError && (
            <Alert
              actions={
                <Button size="sm" variant="secondary" onClick={() => void list.fetchNextPage()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {apiErrorText(t, list.error)}
            </Alert>
          )}
          {list.hasNextPage && !list.isFetchNextPageError && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
                data-testid="notifications-more"
              >
                {t('notifications.loadMore')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Page>
  );
}
