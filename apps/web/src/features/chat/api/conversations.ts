import { LIMITS } from '@makan/contract/limits';
import { http } from '../../../lib/http.ts';
import { conversationsReader } from './readers.ts';

/** GET /api/chat/conversations: newest activity first, 20 a page (spec §7). */
export async function fetchConversations(page = 1, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/chat/conversations', {
    query: { page, per_page: LIMITS.conversationsPerPage },
    schema: conversationsReader,
    signal,
    toast: 'none',
  });
  return data;
}
