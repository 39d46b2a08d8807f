import { fullUser } from '@makan/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { applyOwnUser, patchOwnUser, restoreOwnUser } from './own-profile.ts';

/** POST /api/profile/contact-visibility: hide_contact 1 hides email and phone from everyone else. */
export function setContactVisibility(hidden: boolean) {
  return http.request('/profile/contact-visibility', {
    method: 'POST',
    body: { hide_contact: hidden ? 1 : 0 },
    schema: fullUser,
    toast: 'none',
  });
}

export function useContactVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContactVisibility,
    // The switch moves at once (spec §4); a failure moves it back.
    onMutate: (hidden) =>
      patchOwnUser(queryClient, (user) => ({ ...user, profile: { ...user.profile, hide_contact: hidden } })),
    onError: (_error, _hidden, snapshot) => restoreOwnUser(queryClient, snapshot),
    onSuccess: ({ data: user }) => applyOwnUser(queryClient, user),
  });
}
