import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { profilesListReader } from '../../../lib/profile-readers.ts';
import { chatKey } from './keys.ts';

export const peopleKey = (q: string) => [...chatKey, 'people', q] as const;

/** GET /api/profiles-list/all?q=: whom a new conversation can be started with. */
export async function fetchPeople(q: string, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/profiles-list/all', {
    query: { q: q || undefined, per_page: 20 },
    schema: profilesListReader,
    signal,
    toast: 'none',
  });
  return data.users;
}

export function usePeople(q: string) {
  return useQuery({
    queryKey: peopleKey(q.trim()),
    queryFn: ({ signal }) => fetchPeople(q.trim(), { signal }),
  });
}
