import { fullUser } from '@makan/contract/auth';
import { type UpdateProfileRequest, updateProfileRequest } from '@makan/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { applyOwnUser, patchOwnUser, restoreOwnUser } from './own-profile.ts';

/** POST /api/profile: name, bio and link; 422 per field (bio over 500, an invalid link). */
export function updateProfile(body: UpdateProfileRequest) {
  return http.request('/profile', { method: 'POST', body, schema: fullUser, toast: 'none' });
}

/** Optimistic (spec §4): the edit shows at once; the server's answer replaces it, a failure rolls it back. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onMutate: (body) => {
      const edit = updateProfileRequest.safeParse(body);
      return patchOwnUser(queryClient, (user) => {
        if (!edit.success) return user;
        const { name, bio, link } = edit.data;
        return {
          ...user,
          name: name ?? user.name,
          profile: {
            ...user.profile,
            bio: bio === undefined ? user.profile.bio : bio,
            link: link === undefined ? user.profile.link : link,
          },
        };
      });
    },
    onError: (_error, _body, snapshot) => restoreOwnUser(queryClient, snapshot),
    onSuccess: ({ data: user }) => applyOwnUser(queryClient, user),
  });
}
