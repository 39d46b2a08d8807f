import { LIMITS } from '@makan/contract/limits';
import { http } from '../../../lib/http.ts';
import { messagesReader } from './readers.ts';

export interface MessagesPage {
  page?: number;
  /** Older than this id ('Load earlier'). */
  before?: number;
  /** Newer than this id (catch-up after a disconnect). */
  after?: number;
  perPage?: number;
}

/** GET /api/chat/conversations/{id}/messages: ascending ids; page 1 is the newest page. */
export async function fetchMessages(
  conversationId: number,
  { page, before, after, perPage = LIMITS.messagesPerPage }: MessagesPage = {},
  { signal }: { signal?: AbortSignal } = {},
) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/messages`, {
    query: { per_page: perPage, page, before, after },
    schema: messagesReader,
    signal,
    toast: 'none',
  });
  return data;
}
