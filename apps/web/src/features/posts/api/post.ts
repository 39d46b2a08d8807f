import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './post-cache.ts';
import { postReader } from './readers.ts';

export const postKey = (id: number) => [...postsKey, 'detail', id] as const;

/** GET /api/posts/{id}. */
export async function fetchPost(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request(`/posts/${id}`, { schema: postReader, signal, toast: 'none' });
  return data;
}

export function usePost(id: number) {
  return useQuery({ queryKey: postKey(id), queryFn: ({ signal }) => fetchPost(id, { signal }) });
}
