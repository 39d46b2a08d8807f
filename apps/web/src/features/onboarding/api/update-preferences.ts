import { fullUser } from '@makan/contract/auth';
import type { PreferencesRequest } from '@makan/contract/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyCurrentUser } from '../../../lib/current-user.ts';
import { http } from '../../../lib/http.ts';
import { onboardingStatusKey } from './onboarding-status.ts';

/** PUT /api/user/preferences: edits saved preferences later (same rules as onboarding). */
export function updatePreferences(body: PreferencesRequest) {
  return http.request('/user/preferences', {
    method: 'PUT',
    body,
    schema: fullUser,
    toast: 'except-validation',
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: ({ data: user }) => {
      applyCurrentUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: onboardingStatusKey });
    },
  });
}
