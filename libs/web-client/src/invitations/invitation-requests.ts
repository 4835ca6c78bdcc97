import type { QueryClient } from '@tanstack/react-query';
import {
  acceptInvitationResponseSchema,
  invitationRequestSchema,
  invitationResponseSchema,
  SENT_INVITATIONS_URL,
  sentInvitationsSchema,
  type AcceptInvitationResponse,
  type InvitationKind,
  type InvitationResponse,
} from '@listready/contracts/invitation';
import type { InviteField, InviteFieldErrors, InviteFormValues } from '@listready/ui';
import { ApiRequestError, type ApiClient } from '../api/api-client.ts';
import { lazyDateFormat } from '../format/date-format.ts';

/** What `POST /api/invitations` takes, after the shared schema has trimmed and checked it. */
export type InvitationBody = ReturnType<typeof invitationRequestSchema.parse>;

const INVITE_FIELDS: readonly InviteField[] = ['name', 'email', 'phoneNumber'];
const isInviteField = (path: unknown): path is InviteField =>
  typeof path === 'string' && (INVITE_FIELDS as readonly string[]).includes(path);

/** The first message per field, from the issues' paths (`email`, or `['email']`). */
function fieldErrors(issues: readonly { path: unknown; message: string }[]): InviteFieldErrors {
  const errors: InviteFieldErrors = {};
  for (const { path, message } of issues) {
    const field = Array.isArray(path) ? path[0] : path;
    if (isInviteField(field)) errors[field] ??= message;
  }
  return errors;
}

/**
 * The invite form checked with the server's own schema (libs/contracts), so the dialog shows the
 * very messages the service would answer: the body to send, or a message per field.
 */
export function parseInvitation(
  type: InvitationKind,
  values: InviteFormValues,
): { success: true; body: InvitationBody } | { success: false; errors: InviteFieldErrors } {
  const parsed = invitationRequestSchema.safeParse({ ...values, type });
  if (parsed.success) return { success: true, body: parsed.data };
  return { success: false, errors: fieldErrors(parsed.error.issues) };
}

/** A 400's per-field issues, to show under the dialog's fields. */
export function invitationServerFieldErrors(error: unknown): InviteFieldErrors {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  return fieldErrors(error.serverError?.issues ?? []);
}

export function sendInvitation(client: ApiClient, body: InvitationBody): Promise<InvitationResponse> {
  return client.request('POST', '/api/invitations', invitationResponseSchema, { body });
}

/** `POST /api/invitations/{id}/resend` (ours): the same invitation sent again. */
export function resendInvitation(client: ApiClient, invitationId: string): Promise<InvitationResponse> {
  return client.request(
    'POST',
    `/api/invitations/${encodeURIComponent(invitationId)}/resend`,
    invitationResponseSchema,
  );
}

/**
 * Trying again after "Invitation Already Sent" (the seller's toast says that is how to resend it):
 * the caller's invitation still waiting at that address is sent again, the same link for 30 days
 * more. When none waits any more (accepted or expired since, or older than the newest
 * `SENT_INVITATIONS_LISTED`), a new invitation is sent instead, as the first try did.
 */
export async function tryInvitationAgain(
  client: ApiClient,
  body: InvitationBody,
): Promise<InvitationResponse> {
  const sent = await client.request('GET', SENT_INVITATIONS_URL, sentInvitationsSchema);
  const address = body.email.toLowerCase();
  const waiting = sent.find(
    (invitation) => invitation.status === 'pending' && invitation.email.toLowerCase() === address,
  );
  return waiting ? resendInvitation(client, waiting.id) : sendInvitation(client, body);
}

export function acceptInvitation(client: ApiClient, invitationId: string): Promise<AcceptInvitationResponse> {
  return client.request('POST', '/api/accept-invitation', acceptInvitationResponseSchema, {
    body: { invitationId },
  });
}

const AGENT_CLIENT_READS = /^\/api\/agents\/[^/?]+\/(clients|stats)$/;
const CLIENT_PROFILE_URL = '/api/clients/current/profile';
const invitationDayFormat = lazyDateFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** An invitation's day as its sender reads it: `Mar 1, 2030`, in the viewer's time zone. */
export const invitationDay = (iso: string): string => invitationDayFormat(new Date(iso));

/**
 * The reads an invitation changes (agent spec §7: the invitation and agents lists are refetched):
 * the agent's client rows and stats, the invitations the caller sent, and the seller's profile (its
 * agent, for the banner). Reads are keyed by their URL.
 */
export function isInvitationAffectedQuery(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  if (typeof url !== 'string') return false;
  const path = url.split('?')[0];
  return AGENT_CLIENT_READS.test(url) || path === CLIENT_PROFILE_URL || path === SENT_INVITATIONS_URL;
}

export function refetchInvitationAffectedQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isInvitationAffectedQuery(query.queryKey) });
}
