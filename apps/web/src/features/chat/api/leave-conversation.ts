import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { removeConversations } from '../state/conversations.ts';
import { chatStore } from '../store.ts';

/** POST /api/chat/conversations/{id}/leave. */
export async function leaveConversation(conversationId: number) {
  await http.request(`/chat/conversations/${conversationId}/leave`, { method: 'POST', toast: 'all' });
  chatStore.update((state) => removeConversations(state, [conversationId]));
}

export function useLeaveConversation() {
  return useMutation({ mutationFn: leaveConversation });
}
