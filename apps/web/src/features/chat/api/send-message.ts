import { messageSchema } from '@makan/contract/chat';
import { http } from '../../../lib/http.ts';

export interface SendTextInput {
  conversationId: number;
  content: string;
  replyToId: number | null;
  /** Chosen by this device; the same client id twice is the same message (safe to retry). */
  clientId: string;
}

/** POST /api/chat/conversations/{id}/messages: 201 new, 200 when the client id was already stored. */
export async function sendMessage({ conversationId, content, replyToId, clientId }: SendTextInput) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/messages`, {
    method: 'POST',
    body: { content, type: 'text', client_id: clientId, ...(replyToId ? { reply_to_id: replyToId } : {}) },
    schema: messageSchema,
    toast: 'none',
  });
  return data;
}
