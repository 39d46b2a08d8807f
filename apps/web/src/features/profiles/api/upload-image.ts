import { fullUser } from '@makan/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from '../../../lib/query-keys.ts';
import { applyOwnUser, patchOwnUser, restoreOwnUser } from './own-profile.ts';

export type ImageKind = 'picture' | 'cover';

export interface UploadImage {
  file: File;
  /** The share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/profile/picture or /api/profile/cover: multipart with the one file under the field
 * `picture` or `cover` (60 s timeout). 422 when the bytes are not an image, 413 over 10 MB.
 */
export function uploadImage(kind: ImageKind, { file, onProgress }: UploadImage) {
  const body = new FormData();
  body.append(kind, file);
  return http.request(`/profile/${kind}`, {
    method: 'POST',
    body,
    schema: fullUser,
    toast: 'none',
    onUploadProgress: onProgress ?? (() => {}),
  });
}

/** Optimistic: the chosen file shows at once from a local URL; the stored image replaces it. */
export function useUploadImage(kind: ImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: UploadImage) => uploadImage(kind, upload),
    onMutate: async ({ file }) => {
      const preview = URL.createObjectURL(file);
      const snapshot = await patchOwnUser(queryClient, (user) => ({
        ...user,
        profile: { ...user.profile, [kind === 'picture' ? 'picture' : 'cover_photo']: { url: preview } },
      }));
      return { snapshot, preview };
    },
    onError: (_error, _upload, context) => restoreOwnUser(queryClient, context?.snapshot),
    onSuccess: ({ data: user }) => {
      applyOwnUser(queryClient, user);
      // One's own posts show the new picture at once (their author is cached with the old one).
      if (kind === 'picture') void queryClient.invalidateQueries({ queryKey: postsKey });
    },
    onSettled: (_data, _error, _upload, context) => {
      if (context) URL.revokeObjectURL(context.preview);
    },
  });
}
