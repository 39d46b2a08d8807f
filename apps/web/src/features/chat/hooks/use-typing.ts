import { LIMITS } from '@makan/contract/limits';
import { CLIENT_EVENTS } from '@makan/contract/realtime-events';
import { useCallback, useEffect, useRef } from 'react';
import { realtime } from '../../../lib/realtime.ts';

/**
 * Tells the other person that I type: `typing` at most every 2 s while keys come, `stopTyping`
 * when I pause for that long, send, or leave the conversation.
 */
export function useTypingEmitter(conversationId: number) {
  const lastSent = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    const socket = realtime.getSocket();
    if (socket?.connected) socket.emit(CLIENT_EVENTS.stopTyping, { conversationId });
  }, [conversationId]);

  const typed = useCallback(() => {
    const socket = realtime.getSocket();
    const now = Date.now();
    if (socket?.connected && now - lastSent.current >= LIMITS.typingRepeatMs) {
      socket.emit(CLIENT_EVENTS.typing, { conversationId });
      lastSent.current = now;
    }
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stop, LIMITS.typingRepeatMs + 500);
  }, [conversationId, stop]);

  useEffect(() => stop, [stop]);
  return { typed, stop };
}
