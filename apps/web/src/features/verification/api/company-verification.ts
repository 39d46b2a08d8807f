import { verificationState } from '@makan/contract/verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { setNewerData } from '../../../lib/newer-data.ts';

export const companyVerificationKey = ['company-verification'] as const;

/** GET /api/company-verification: the latest request and whether the company is verified. */
export function useCompanyVerification(enabled = true) {
  return useQuery({
    queryKey: companyVerificationKey,
    enabled,
    queryFn: async ({ signal }) =>
      (await http.request('/company-verification', { signal, schema: verificationState, toast: 'none' }))
        .data,
  });
}

export interface VerificationRequest {
  registrationNumber: string;
  document: File;
}

/**
 * POST /api/company-verification: multipart with `registration_number` and the file `document`
 * (201 the new state; 422 field errors; 409 already pending or approved).
 */
export function requestVerification({ registrationNumber, document }: VerificationRequest) {
  const body = new FormData();
  body.append('registration_number', registrationNumber);
  body.append('document', document);
  return http.request('/company-verification', {
    method: 'POST',
    body,
    schema: verificationState,
    toast: 'none',
  });
}

export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVerification,
    onSuccess: ({ data }) => setNewerData(queryClient, companyVerificationKey, data),
    // A 409 means the state on screen is stale (a request is pending, or already approved).
    onError: () => queryClient.invalidateQueries({ queryKey: companyVerificationKey }),
  });
}
