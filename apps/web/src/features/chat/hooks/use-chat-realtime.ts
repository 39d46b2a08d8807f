import { useEffect } from 'react';
import { realtime, realtimeEnabled } from '../../../lib/realtime.ts';
import { chatStore } from '../store.ts';
import { attachSocket, catchUp, refreshUnread, startPendingCleanup, subscribeConversation } from '../sync.ts';

/**
 * Keeps the signed-in user's chat live while the app runs (the header mounts it): the connection,
 * the event handlers on it, a catch-up after every (re)connect, and the pending-message cleanup.
 */
export function useChatRealtime(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || !realtimeEnabled.current) return;
    let detach = () => {};
    let stopCleanup: (() => void) | null = null;
    const attach = (socket: ReturnType<typeof realtime.getSocket>) => {
      detach();
      detach = () => {};
      if (socket) detach = attachSocket(socket);
      // No socket means signed out (or another user): nothing of the last one's chat may stay.
      else chatStore.reset();
    };
    const offSocket = realtime.onSocket(attach);
    const offConnect = realtime.onConnect((socket) => {
      const active = chatStore.get().activeId;
      if (active !== null) subscribeConversation(socket, active);
      void catchUp().catch(() => {});
      stopCleanup ??= startPendingCleanup();
    });
    const stopSession = realtime.followSession();
    attach(realtime.getSocket());
    // The badge's first number, whether or not the socket comes up.
    void refreshUnread().catch(() => {});
    return () => {
      offSocket();
      offConnect();
      detach();
      stopCleanup?.();
      stopSession();
      realtime.disconnect();
      chatStore.reset();
    };
  }, [signedIn]);
}
