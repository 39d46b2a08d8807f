import { TEXT } from '@makan/contract/texts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, http } from '../../../lib/http.ts';
import { removeConversations } from '../state/conversations.ts';
import { chatStore } from '../store.ts';
import { deleteConversationsReader } from './readers.ts';

/** DELETE /api/chat/conversations: hides them for me; at least one id (spec §5). */
export async function deleteConversations(ids: readonly number[]) {
  if (ids.length === 0)
    throw new ApiError({
      kind: 'validation',
      status: 422,
      message: TEXT.noConversationIds,
      code: 'noConversationIds',
    });
  const { data } = await http.request('/chat/conversations', {
    method: 'DELETE',
    body: { conversation_ids: ids },
    schema: deleteConversationsReader,
    toast: 'all',
  });
  chatStore.update((state) => removeConversations(state, data.deleted));
  return data.deleted;
}

export function useDeleteConversations() {
  return useMutation({ mutationFn: deleteConversations });
}
