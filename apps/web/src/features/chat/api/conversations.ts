import { conversationsResult } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import { http } from '../../../lib/http.ts';

/** GET /api/chat/conversations: newest activity first, 20 a page (spec §7). */
export async function fetchConversations(page = 1, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/chat/conversations', {
    query: { page, per_page: LIMITS.conversationsPerPage },
    schema: conversationsResult,
    signal,
    toast: 'none',
  });
  return data;
}
