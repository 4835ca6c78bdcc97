import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  otherSessionsEndedSchema,
  signedInSessionsSchema,
} from '@listready/contracts/auth';
import { toast } from '@listready/ui';
import { apiClient, apiQuery } from '@listready/web-client';
import { failureToast } from './use-profile-requests.ts';
import { SESSIONS_URL, SIGN_OUT_OTHERS_URL, sessionUrl } from '../utils/profile-api.ts';

const sessionsQuery = apiQuery(apiClient, SESSIONS_URL, signedInSessionsSchema);

/**
 * GET /api/auth/user/sessions: where the person is signed in, this device first; read again each
 * time Edit Profile opens (a sign-in elsewhere meanwhile belongs on the list).
 */
export const useSignedInSessions = () => useQuery({ ...sessionsQuery, staleTime: 0 });

/**
 * Signing a device out (one, or every other): the list is read again either way — a device that
 * had already gone is not found, and the list should then say so by leaving it out.
 */
function useSessionEnding<Variables>(
  request: (variables: Variables) => Promise<{ message: string }>,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ message }) => toast({ title: message }),
    onError: failureToast(failure),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** DELETE /api/auth/user/sessions/:id: one other device. */
export const useEndSession = () =>
  useSessionEnding(
    (id: string) => apiClient.request('DELETE', sessionUrl(id), messageResponseSchema),
    'Failed to sign out that device',
  );

/** POST /api/auth/user/sessions/sign-out-others: every device but this one. */
export const useSignOutOthers = () =>
  useSessionEnding(
    () => apiClient.request('POST', SIGN_OUT_OTHERS_URL, otherSessionsEndedSchema),
    'Failed to sign out your other devices',
  );
