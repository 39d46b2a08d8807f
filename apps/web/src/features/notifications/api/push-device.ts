import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PushDeviceState, pushDeviceState, turnOffPush, turnOnPush } from '../../../lib/push.ts';

/**
 * This device's push notifications (lib/push.ts): GET /api/push/key, then POST or DELETE
 * /api/push/subscriptions, around the browser's permission and push manager.
 */
export const pushDeviceKey = ['push-device'] as const;

export function usePushDevice() {
  return useQuery({
    queryKey: pushDeviceKey,
    queryFn: pushDeviceState,
    // The permission can change in the browser's own settings: read again when the reader comes back.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOnPush,
    onSuccess: (result) => {
      const state: PushDeviceState = result === 'on' ? 'on' : result === 'blocked' ? 'blocked' : 'off';
      queryClient.setQueryData(pushDeviceKey, state);
    },
  });
}

export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffPush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDeviceKey }),
  });
}
