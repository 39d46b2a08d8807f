import { useNotificationsLive } from '../hooks/use-notifications-live.ts';

/** Keeps the notifications live while mounted (loaded lazily by the bell). */
export function NotificationsLive() {
  useNotificationsLive();
  return null;
}
