import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type RealtimeSocket, realtime } from '../../../lib/realtime.ts';
import { notificationsKey } from '../api/notification-cache.ts';
import { attachNotifications } from '../live.ts';

/**
 * Keeps the bell and the list live while mounted: NotificationsChanged on whichever socket the app
 * holds (it opens none of its own), and after every (re)connect the count and the list are read again,
 * since events sent while away are lost (this code may also load after the socket came up).
 */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let detach = () => {};
    const attach = (socket: RealtimeSocket | null) => {
      detach();
      detach = socket ? attachNotifications(socket, queryClient) : () => {};
    };
    const catchUp = () => void queryClient.invalidateQueries({ queryKey: notificationsKey });
    const offSocket = realtime.onSocket(attach);
    const offConnect = realtime.onConnect(catchUp);
    const socket = realtime.getSocket();
    attach(socket);
    if (socket?.connected) catchUp();
    return () => {
      offSocket();
      offConnect();
      detach();
    };
  }, [queryClient]);
}
