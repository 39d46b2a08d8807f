import { onboardingStatus, type ProgressRequest } from '@makan/contract/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { setNewerData } from '../../../lib/newer-data.ts';
import { onboardingStatusKey } from './onboarding-status.ts';

/** POST /api/onboarding/progress: the step reached and the answers so far, so a reload keeps them. */
export async function saveProgress(body: ProgressRequest) {
  const { data } = await http.request('/onboarding/progress', {
    method: 'POST',
    body,
    schema: onboardingStatus,
    // Saving progress is a convenience: a failure must not interrupt the user, who can still finish.
    toast: 'none',
  });
  return data;
}

export function useSaveProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgress,
    // One after another, so the last answer the user gave is the one the server keeps.
    scope: { id: 'onboarding-progress' },
    onSuccess: (status) => setNewerData(queryClient, onboardingStatusKey, status),
  });
}
