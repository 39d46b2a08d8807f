import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { replaceMessage } from '../state/messages.ts';
import { chatStore } from '../store.ts';
import { messageReader } from './readers.ts';

/** PUT /api/chat/conversations/{id}/messages/{messageId}: own text messages only. */
export async function editMessage({
  conversationId,
  messageId,
  content,
}: {
  conversationId: number;
  messageId: number;
  content: string;
}) {
  const { data } = await http.request(`/chat/conversations/${conversationId}/messages/${messageId}`, {
    method: 'PUT',
    body: { content },
    schema: messageReader,
    toast: 'except-validation',
  });
  chatStore.update((state) => replaceMessage(state, data));
  return data;
}

export function useEditMessage() {
  return useMutation({ mutationFn: editMessage });
}
