import { fullUser } from '@makan/contract/auth';
import type { PreferencesRequest } from '@makan/contract/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyCurrentUser } from '../../../lib/current-user.ts';
import { http } from '../../../lib/http.ts';
import { onboardingStatusKey } from './onboarding-status.ts';

/**
 * POST /api/onboarding/preferences: the complete answers (a purpose, a property type and a city, or
 * 422 per field). Answers the full user, now with preferences.
 */
export function savePreferences(body: PreferencesRequest) {
  return http.request('/onboarding/preferences', {
    method: 'POST',
    body,
    schema: fullUser,
    toast: 'except-validation',
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: ({ data: user }) => {
      applyCurrentUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: onboardingStatusKey });
    },
  });
}
