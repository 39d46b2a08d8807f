import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/http.ts';
import { forgetPushDevice } from '../../../lib/push.ts';
import { clearSession } from '../../../lib/session.ts';

/**
 * Tells the server, then forgets the session whatever it answered (spec §4): a failed call must not
 * keep the user signed in on this device. First this device's push subscription goes (issue 22),
 * while the session still says whose it is: the next person on this device gets none of them.
 */
export async function logout(): Promise<void> {
  await forgetPushDevice();
  try {
    await http.request('/auth/logout', { method: 'POST', toast: 'none' });
  } catch {
    // Ignored on purpose: the local session is cleared below either way.
  } finally {
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // Drops every cached server state, the profile cache included.
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
}
