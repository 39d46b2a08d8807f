import { markReadResult } from '@makan/contract/chat';
import { http } from '../../../lib/http.ts';

/** POST /api/chat/conversations/{id}/read: read up to `messageId` (default: the latest). */
export async function markRead(conversationId: number, messageId?: number) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/read`, {
    method: 'POST',
    body: messageId ? { message_id: messageId } : {},
    schema: markReadResult,
    toast: 'none',
  });
  return data;
}
