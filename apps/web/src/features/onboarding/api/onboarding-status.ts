import { onboardingStatus } from '@makan/contract/onboarding';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const onboardingStatusKey = ['user', 'me', 'onboarding'] as const;

/** GET /api/onboarding/status: complete or not, the step reached and the answers saved so far. */
export async function fetchOnboardingStatus({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/onboarding/status', {
    schema: onboardingStatus,
    signal,
    toast: 'none',
  });
  return data;
}

export function useOnboardingStatus() {
  // Always read afresh on opening: another tab or device may have moved on.
  return useQuery({ queryKey: onboardingStatusKey, queryFn: fetchOnboardingStatus, staleTime: 0 });
}
