import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { chatKey } from './keys.ts';
import { participantsReader } from './readers.ts';

export const participantsKey = (conversationId: number) =>
  [...chatKey, 'participants', conversationId] as const;

/** GET /api/chat/conversations/{id}/participants. */
export async function fetchParticipants(conversationId: number, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/participants`, {
    schema: participantsReader,
    signal,
    toast: 'none',
  });
  return data.participants;
}

export function useParticipants(conversationId: number) {
  return useQuery({
    queryKey: participantsKey(conversationId),
    queryFn: ({ signal }) => fetchParticipants(conversationId, { signal }),
  });
}
