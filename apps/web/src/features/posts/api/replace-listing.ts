import { formatMediaOrder, type MediaSlot } from '@makan/contract/listing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { editCachedPost } from './post-cache.ts';
import { postReader } from './readers.ts';

export interface ReplaceListingInput {
  id: number;
  /** The text fields, already checked with the contract's `createPostFields` (the create form's rules). */
  fields: Record<string, string | number | undefined>;
  /** The photos in their new order: kept ones by id, new ones by their index in `photos`. */
  order: readonly MediaSlot[];
  photos: readonly File[];
}

/**
 * PUT /api/posts/{id}/listing (multipart, owner only): the whole listing as on create, photos kept,
 * reordered, removed and added by `media_order`. All or nothing on the server.
 */
export function replaceListing({ id, fields, order, photos }: ReplaceListingInput) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') body.append(name, String(value));
  }
  body.append('media_order', formatMediaOrder(order));
  for (const photo of photos) body.append('media[]', photo, photo.name);
  return http.request(`/posts/${id}/listing`, { method: 'PUT', body, schema: postReader, toast: 'none' });
}

export function useReplaceListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceListing,
    onSuccess: ({ data }) => editCachedPost(queryClient, data.id, () => data),
  });
}
