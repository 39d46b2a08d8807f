import { useQuery } from '@tanstack/react-query';
import { currentUserKey } from '../../../lib/current-user.ts';
import { http } from '../../../lib/http.ts';
import { fullUserReader } from './readers.ts';

/** GET /api/user: the signed-in user, whose email and phone the settings show. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async ({ signal }) => (await http.request('/user', { signal, schema: fullUserReader })).data,
  });
}
