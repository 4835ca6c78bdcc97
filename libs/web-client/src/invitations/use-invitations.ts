import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SENT_INVITATIONS_URL,
  sentInvitationsSchema,
  type AcceptInvitationResponse,
  type InvitationKind,
  type InvitationResponse,
} from '@listready/contracts/invitation';
import { toast } from '@listready/ui';
import { ApiRequestError } from '../api/api-client.ts';
import { apiClient } from '../api/browser-api-client.ts';
import { apiQuery } from '../api/query-client.ts';
import {
  acceptInvitation,
  refetchInvitationAffectedQueries,
  resendInvitation,
  sendInvitation,
  tryInvitationAgain,
  type InvitationBody,
} from './invitation-requests.ts';
import { invitationFailureToast, invitationSentToast, isAlreadySentError } from './invitation-toasts.ts';

/** A 401 already has its toast and redirect (the API client's logged-out rule): nothing to add. */
const isLoggedOut = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/**
 * `POST /api/invitations` for one kind of invitation: the spec's toast for whatever the server
 * answered, and on success the reads the invitation touches are refetched. Sent again to an address
 * the server answered "already been sent" for, it resends the invitation waiting there
 * (`tryInvitationAgain`): what the seller's toast promises of trying again.
 */
export function useSendInvitation(
  type: InvitationKind,
  {
    onSent,
    onFailed,
  }: { onSent?: (response: InvitationResponse) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  // The addresses (lower case) the server said already have an invitation waiting.
  const alreadySent = useRef(new Set<string>());
  return useMutation({
    mutationFn: (body: InvitationBody) =>
      alreadySent.current.has(body.email.toLowerCase())
        ? tryInvitationAgain(apiClient, body)
        : sendInvitation(apiClient, body),
    onSuccess: (response, body) => {
      alreadySent.current.delete(body.email.toLowerCase());
      toast(invitationSentToast(type, response));
      void refetchInvitationAffectedQueries(queryClient);
      onSent?.(response);
    },
    onError: (error, body) => {
      if (isAlreadySentError(error)) alreadySent.current.add(body.email.toLowerCase());
      if (!isLoggedOut(error)) toast(invitationFailureToast(type, error, body.email));
      onFailed?.(error);
    },
  });
}

/** A read this recent is not read again as its screen opens: it was read for that screen. */
export const JUST_READ_MS = 5_000;

/**
 * `GET /api/invitations`: what the signed-in user invited, newest first. Read again each time a
 * screen showing it opens, unless it was read in the last few seconds — as that screen was about to
 * open (a prefetch on the user's intent, route-intent.ts) — and after a send or a resend.
 */
export function sentInvitationsQuery() {
  return {
    ...apiQuery(apiClient, SENT_INVITATIONS_URL, sentInvitationsSchema),
    refetchOnMount: (query: { state: { dataUpdatedAt: number } }) =>
      Date.now() - query.state.dataUpdatedAt < JUST_READ_MS ? false : ('always' as const),
  };
}

/** The invitations the signed-in user sent (`sentInvitationsQuery`). */
export function useSentInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sentInvitationsQuery(), enabled });
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
