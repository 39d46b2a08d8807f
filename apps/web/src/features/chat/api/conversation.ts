import { http } from '../../../lib/http.ts';
import { conversationReader } from './readers.ts';

/** GET /api/chat/conversations/{id}: one of my conversations (404 when it is not mine or gone). */
export async function fetchConversation(conversationId: number, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request(`/chat/conversations/${conversationId}`, {
    schema: conversationReader,
    signal,
    toast: 'none',
  });
  return data;
}
