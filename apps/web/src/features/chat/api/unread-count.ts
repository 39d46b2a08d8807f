import { http } from '../../../lib/http.ts';
import { unreadCountsReader } from './readers.ts';

/** GET /api/chat/unread-count: per conversation and in all, by the server's read markers. */
export async function fetchUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/chat/unread-count', {
    schema: unreadCountsReader,
    signal,
    toast: 'none',
  });
  return data;
}
