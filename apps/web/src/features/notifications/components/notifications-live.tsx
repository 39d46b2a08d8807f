import { useEffect } from 'react';
import { syncPushDevice } from '../../../lib/push.ts';
import { useNotificationsLive } from '../hooks/use-notifications-live.ts';

/**
 * Keeps the notifications live while mounted (loaded lazily by the bell, for a signed-in user), and
 * hands this device's push subscription, if the browser holds one, to the session once.
 */
export function NotificationsLive() {
  useNotificationsLive();
  useEffect(() => {
    // Quietly: a device the server cannot take now is handed over again at the next start.
    syncPushDevice().catch(() => undefined);
  }, []);
  return null;
}
