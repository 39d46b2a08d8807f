import {
  type ChangeContactRequest,
  type ContactChannel,
  changeContactResult,
  type confirmContactRequest,
} from '@makan/contract/account';
import { fullUser } from '@makan/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { applyCurrentUser } from '../../../lib/current-user.ts';
import { http } from '../../../lib/http.ts';

/** POST /api/account/contact: a code goes to the new address; nothing changes yet. */
function requestContactChange(body: ChangeContactRequest) {
  return http.request('/account/contact', {
    method: 'POST',
    body,
    toast: 'none',
    schema: changeContactResult,
  });
}

export function useRequestContactChange() {
  return useMutation({ mutationFn: requestContactChange });
}

/** POST /api/account/contact/confirm: the code from the new address; the answer is the changed user. */
function confirmContactChange(body: z.input<typeof confirmContactRequest> & { channel: ContactChannel }) {
  return http.request('/account/contact/confirm', { method: 'POST', body, toast: 'none', schema: fullUser });
}

export function useConfirmContactChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmContactChange,
    onSuccess: ({ data }) => applyCurrentUser(queryClient, data),
  });
}
