import { useChatRealtime } from '../hooks/use-chat-realtime.ts';

/** Runs the signed-in user's chat connection while mounted (loaded lazily by ChatRealtime). */
export function ChatRealtimeConnection() {
  useChatRealtime(true);
  return null;
}
