import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, sessionResponseSchema } from '@listready/contracts/auth';
import { toast } from '@listready/ui';
import { announceSigningOut } from '../analytics/track-usage.ts';
import { ApiRequestError } from '../api/api-client.ts';
import { apiClient } from '../api/browser-api-client.ts';
import { navigate } from '../navigation/navigation.ts';
import { SESSION_QUERY_KEY, SESSION_URL, sessionFromQueryState, type Session } from './session.ts';

/**
 * GET /api/auth/session: the user, or null for a visitor. Cached as the user itself, so sign-in,
 * sign-up and profile edits put the user they receive straight into it. A 401 here is a failure
 * (signed out), never the logged-out redirect: the probe is what decides whether anyone is signed in.
 */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }) =>
    (await apiClient.request('GET', SESSION_URL, sessionResponseSchema, { on401: 'throw', signal })).user,
  retry: false,
});

/** The signed-in user, or signed out; `loading` while `GET /api/auth/session` is in flight. */
export function useSession(): Session {
  return sessionFromQueryState(useQuery(sessionQuery));
}

export interface LogoutOptions {
  /**
   * After a failed logout: `stay` (seller spec §8: toast 'Failed to log out', stay on the page) or
   * `leave` (agent spec §7–§8: toast 'Logout failed', then go to / all the same).
   */
  onFailure?: 'stay' | 'leave';
}

/**
 * Logout (spec seller §4, §7): on success every cached query is dropped — the one QueryClient is
 * shared with the remotes, so theirs go too — and the browser goes to /. A 401 means the session
 * had already ended, which is the outcome asked for.
 */
export function useLogout({ onFailure = 'stay' }: LogoutOptions = {}) {
  const queryClient = useQueryClient();
  const finish = () => {
    queryClient.clear();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    navigate('/');
  };
  return useMutation({
    mutationFn: async () => {
      // What still needs the session (the usage session's end) goes first.
      await announceSigningOut();
      return apiClient.request('POST', '/api/logout', messageResponseSchema, { on401: 'throw' });
    },
    onSuccess: finish,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) return finish();
      const description = error instanceof ApiRequestError ? error.serverMessage : undefined;
      const title = onFailure === 'leave' ? 'Logout failed' : 'Failed to log out';
      toast({ title, description: description ?? title, variant: 'destructive' });
      // Still signed in: the cache stays, and / shows whatever the session still allows.
      if (onFailure === 'leave') navigate('/');
    },
  });
}
