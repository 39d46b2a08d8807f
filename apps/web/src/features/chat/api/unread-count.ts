import { unreadCountResult } from '@makan/contract/chat';
import { http } from '../../../lib/http.ts';

/** GET /api/chat/unread-count: per conversation and in all, by the server's read markers. */
export async function fetchUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/chat/unread-count', {
    schema: unreadCountResult,
    signal,
    toast: 'none',
  });
  return data;
}
