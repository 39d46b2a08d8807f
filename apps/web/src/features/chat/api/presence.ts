import { http } from '../../../lib/http.ts';
import { presenceListReader } from './readers.ts';

/** GET /api/chat/presence?user_ids=…: only people who share a conversation with you come back. */
export async function fetchPresence(userIds: readonly number[]) {
  const { data } = await http.request(`/chat/presence?user_ids=${userIds.join(',')}`, {
    schema: presenceListReader,
    toast: 'none',
  });
  return data.presence;
}
