import { type ContactRequest, contactResult } from '@makan/contract/contact';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /api/contact. The form shows every failure itself, so the client shows no toast. */
export function sendContact(body: ContactRequest) {
  return http.request('/contact', { method: 'POST', body, schema: contactResult, toast: 'none' });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
