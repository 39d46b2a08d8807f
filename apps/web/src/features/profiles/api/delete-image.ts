import { fullUser } from '@makan/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from '../../../lib/query-keys.ts';
import { applyOwnUser, patchOwnUser, restoreOwnUser } from './own-profile.ts';
import type { ImageKind } from './upload-image.ts';

/** DELETE /api/profile/picture or /api/profile/cover: back to the initials or the plain banner. */
export function deleteImage(kind: ImageKind) {
  return http.request(`/profile/${kind}`, { method: 'DELETE', schema: fullUser, toast: 'none' });
}

export function useDeleteImage(kind: ImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteImage(kind),
    onMutate: () =>
      patchOwnUser(queryClient, (user) => ({
        ...user,
        profile: { ...user.profile, [kind === 'picture' ? 'picture' : 'cover_photo']: null },
      })),
    onError: (_error, _variables, snapshot) => restoreOwnUser(queryClient, snapshot),
    onSuccess: ({ data: user }) => {
      applyOwnUser(queryClient, user);
      if (kind === 'picture') void queryClient.invalidateQueries({ queryKey: postsKey });
    },
  });
}
