import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { chatKey } from './keys.ts';
import { conversationSearchReader } from './readers.ts';

export const conversationSearchKey = (q: string) => [...chatKey, 'search', q] as const;

/** GET /api/chat/conversations/search?q=: by the other person's name or by message text. */
export async function searchConversations(q: string, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/chat/conversations/search', {
    query: { q },
    schema: conversationSearchReader,
    signal,
    toast: 'none',
  });
  return data.conversations;
}

/** `q` is already debounced (300 ms); an empty one asks nothing. */
export function useConversationSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: conversationSearchKey(query),
    queryFn: ({ signal }) => searchConversations(query, { signal }),
    enabled: query.length > 0,
  });
}
