import {
  type NotificationChannel,
  type NotificationPreferences,
  notificationPreferences,
  type PreferenceKind,
} from '@makan/contract/notifications';
import { TEXT } from '@makan/contract/texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { http } from '../../../lib/http.ts';
import { apiErrorText, translateMessage } from '../../../lib/messages.ts';

/**
 * Not under `notificationsKey`: the list's optimistic reads snapshot and restore everything under that
 * key, and putting back an old copy of the switches would undo a change made meanwhile.
 */
export const notificationPreferencesKey = ['notification-preferences'] as const;

/** GET /api/notifications/preferences: every kind, in PREFERENCE_KINDS order. */
async function fetchNotificationPreferences({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/notifications/preferences', {
    schema: notificationPreferences,
    signal,
    toast: 'none',
  });
  return data;
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationPreferencesKey, queryFn: fetchNotificationPreferences });
}

/** One switch moved: the kind's row as it is now (every channel), and which of them changed. */
export interface PreferenceChange {
  kind: PreferenceKind;
  in_app: boolean;
  push: boolean;
  email: boolean;
  channel: NotificationChannel;
}

/**
 * PUT /api/notifications/preferences with the one kind that changed: every kind, as saved, and the
 * message TEXT.notificationPreferencesSaved.
 */
function saveNotificationPreference({ kind, in_app, push, email }: PreferenceChange) {
  return http.request('/notifications/preferences', {
    method: 'PUT',
    body: { preferences: [{ kind, in_app, push, email }] },
    schema: notificationPreferences,
    toast: 'none',
  });
}

function setChannel(
  data: NotificationPreferences | undefined,
  kind: PreferenceKind,
  channel: NotificationChannel,
  on: boolean,
): NotificationPreferences | undefined {
  if (!data) return data;
  return {
    preferences: data.preferences.map((row) => (row.kind === kind ? { ...row, [channel]: on } : row)),
  };
}

const saveKey = [...notificationPreferencesKey, 'save'] as const;

/**
 * A switch moves at once and saves at once. The saves go one after another (one mutation scope), so
 * the server applies them in the order they were made. A failure moves back only the switch that
 * failed: a whole-list snapshot would also undo the switches moved after it. The server's answer
 * replaces the list only when no other save is on its way (it would not know of that one yet).
 * The toasts live here, not in the caller's `mutate` options: those fire for the latest call only.
 */
export function useSaveNotificationPreference() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveKey,
    scope: { id: 'notification-preferences' },
    mutationFn: saveNotificationPreference,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesKey, exact: true });
      queryClient.setQueryData<NotificationPreferences>(notificationPreferencesKey, (data) =>
        setChannel(data, change.kind, change.channel, change[change.channel]),
      );
    },
    onError: (error, change) => {
      queryClient.setQueryData<NotificationPreferences>(notificationPreferencesKey, (data) =>
        setChannel(data, change.kind, change.channel, !change[change.channel]),
      );
      showToast(apiErrorText(t, error));
    },
    onSuccess: ({ data, message }) => {
      // This save is still counted as under way while its onSuccess runs.
      if (queryClient.isMutating({ mutationKey: saveKey }) <= 1) {
        queryClient.setQueryData(notificationPreferencesKey, data);
      }
      showToast(translateMessage(t, message ?? TEXT.notificationPreferencesSaved), 'success');
    },
  });
}
