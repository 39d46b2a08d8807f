import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { upsertConversation } from '../state/conversations.ts';
import { chatStore } from '../store.ts';
import { conversationReader } from './readers.ts';

/** POST /api/chat/conversations: the private conversation with that user (the same one if it exists). */
export async function createConversation(userId: number) {
  const { data } = await http.request('/chat/conversations', {
    method: 'POST',
    body: { user_id: userId, type: 'private' },
    schema: conversationReader,
    toast: 'none',
  });
  chatStore.update((state) => upsertConversation(state, data));
  return data;
}

export function useCreateConversation() {
  return useMutation({ mutationFn: createConversation });
}
