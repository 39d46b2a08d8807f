import { chatSettingsSchema } from '@makan/contract/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { setNewerData } from '../../../lib/newer-data.ts';
import { refreshPresence } from '../sync.ts';
import { chatKey } from './keys.ts';

const chatSettingsKey = [...chatKey, 'settings'] as const;

/** GET /api/chat/settings. */
async function fetchChatSettings({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/chat/settings', {
    schema: chatSettingsSchema,
    signal,
    toast: 'none',
  });
  return data;
}

export function useChatSettings() {
  return useQuery({ queryKey: chatSettingsKey, queryFn: fetchChatSettings });
}

/** PATCH /api/chat/settings { show_presence }. */
function setShowPresence(show: boolean) {
  return http.request('/chat/settings', {
    method: 'PATCH',
    body: { show_presence: show },
    schema: chatSettingsSchema,
    toast: 'none',
  });
}

export function useShowPresence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShowPresence,
    // The switch moves at once; a failure moves it back.
    onMutate: (show) => {
      const previous = queryClient.getQueryData(chatSettingsKey);
      queryClient.setQueryData(chatSettingsKey, { show_presence: show });
      return previous;
    },
    onError: (_error, _show, previous) => queryClient.setQueryData(chatSettingsKey, previous),
    onSuccess: ({ data }) => {
      setNewerData(queryClient, chatSettingsKey, data);
      // Hiding your own presence hides everyone else's from you too (and showing it shows theirs).
      void refreshPresence();
    },
  });
}
