import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationResponse,
  InvitationKind,
  InvitationResponse,
} from '@listready/contracts/invitation';
import { toast } from '@listready/ui';
import { ApiRequestError } from '../api/api-client.ts';
import { apiClient } from '../api/browser-api-client.ts';
import {
  acceptInvitation,
  refetchInvitationAffectedQueries,
  resendInvitation,
  sendInvitation,
  type InvitationBody,
} from './invitation-requests.ts';
import { invitationFailureToast, invitationSentToast } from './invitation-toasts.ts';

/** A 401 already has its toast and redirect (the API client's logged-out rule): nothing to add. */
const isLoggedOut = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/**
 * `POST /api/invitations` for one kind of invitation: the spec's toast for whatever the server
 * answered, and on success the reads the invitation touches are refetched.
 */
export function useSendInvitation(
  type: InvitationKind,
  {
    onSent,
    onFailed,
  }: { onSent?: (response: InvitationResponse) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) => sendInvitation(apiClient, body),
    onSuccess: (response) => {
      toast(invitationSentToast(type, response));
      void refetchInvitationAffectedQueries(queryClient);
      onSent?.(response);
    },
    onError: (error, body) => {
      if (!isLoggedOut(error)) toast(invitationFailureToast(type, error, body.email));
      onFailed?.(error);
    },
  });
}

/**
 * `POST /api/invitations/{id}/resend` for one kind of invitation: the send's toasts for whatever
 * the server answered (a refusal says why: accepted, expired, sent again too often), then the reads
 * the invitation touches are refetched either way.
 */
export function useResendInvitation(type: InvitationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: { id: string; email: string }) => resendInvitation(apiClient, invitation.id),
    onSuccess: (response) => toast(invitationSentToast(type, response)),
    onError: (error, invitation) => {
      if (!isLoggedOut(error)) toast(invitationFailureToast(type, error, invitation.email));
    },
    onSettled: () => refetchInvitationAffectedQueries(queryClient),
  });
}

/** `POST /api/accept-invitation`; on success the agent's client reads are refetched. */
export function useAcceptInvitation({
  onAccepted,
  onFailed,
}: { onAccepted?: (answer: AcceptInvitationResponse) => void; onFailed?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => acceptInvitation(apiClient, invitationId),
    onSuccess: (answer) => {
      void refetchInvitationAffectedQueries(queryClient);
      onAccepted?.(answer);
    },
    onError: (error) => onFailed?.(error),
  });
}
