import { http } from '../../../lib/http.ts';
import { markReadReader } from './readers.ts';

/** POST /api/chat/conversations/{id}/read: read up to `messageId` (default: the latest). */
export async function markRead(conversationId: number, messageId?: number) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/read`, {
    method: 'POST',
    body: messageId ? { message_id: messageId } : {},
    schema: markReadReader,
    toast: 'none',
  });
  return data;
}
