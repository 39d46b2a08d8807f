import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { replaceMessage } from '../state/messages.ts';
import { chatStore } from '../store.ts';
import { messageReader } from './readers.ts';

/** DELETE /api/chat/conversations/{id}/messages/{messageId}: the message stays as a tombstone. */
export async function deleteMessage({
  conversationId,
  messageId,
}: {
  conversationId: number;
  messageId: number;
}) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/messages/${messageId}`, {
    method: 'DELETE',
    toast: 'all',
  });
  const tombstone = messageReader.safeParse(data);
  if (tombstone.success) chatStore.update((state) => replaceMessage(state, tombstone.data));
  return data;
}

export function useDeleteMessage() {
  return useMutation({ mutationFn: deleteMessage });
}
