import { NotificationsView } from '../../features/notifications/components/notifications-view.tsx';

/** /notifications (issue 22). */
export function NotificationsPage() {
  return <NotificationsView />;
}
