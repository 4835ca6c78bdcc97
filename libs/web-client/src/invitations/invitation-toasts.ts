import {
  invitationMessages,
  type InvitationKind,
  type InvitationResponse,
} from '@listready/contracts/invitation';
import type { ToastInput } from '@listready/ui';
import { ApiRequestError } from '../api/api-client.ts';

/*
 * The invitation toasts of agent spec §8, as pure functions of what the server answered: the
 * seller's Invite My Agent and the agent's Invite Client word them differently.
 */

/** Spec §8: a failure whose message holds `400` and `already been sent` (the server's duplicate answer). */
export function isAlreadySentError(error: unknown): boolean {
  return (
    error instanceof Error && error.message.startsWith('400: ') && error.message.includes('already been sent')
  );
}

const serverMessageOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.serverMessage : undefined;

/** 409 (accepted), 410 (expired) or 429 (sent again too often): the server's reason is the message. */
const isRefusalWithReason = (error: unknown) =>
  error instanceof ApiRequestError && [409, 410, 429].includes(error.status);

const NO_PHONE_NO_SMS = 'No phone number was given, so no text message was sent.';

/**
 * Why a text that was tried did not go, as both toasts say it: the number's missing country code in
 * the service's words (the sender can mend that), anything else (Twilio's own error) only as failed,
 * its wording is for the logs. Null when the text went, or was not tried (no phone number given).
 */
function textFailure(sms: InvitationResponse['sms']): string | null {
  if (sms.success || sms.error === null) return null;
  return sms.error === invitationMessages.textNeedsCountryCode
    ? sms.error
    : 'The text message could not be sent.';
}

/** After `POST /api/invitations` answered: one outcome per channel. */
export function invitationSentToast(type: InvitationKind, { email, sms }: InvitationResponse): ToastInput {
  if (type === 'client-to-agent') {
    if (email.success && sms.success)
      return {
        title: 'Invitation sent successfully!',
        description: 'Your agent was invited via email and SMS.',
      };
    if (email.success)
      // No error: no text was tried (no phone number given). The spec's "SMS not sent." read as a failure.
      return { title: 'Invitation sent via email!', description: textFailure(sms) ?? NO_PHONE_NO_SMS };
    return {
      title: 'Invitation sent with issues',
      description: email.error ?? 'There may have been delivery issues. Please try again.',
      variant: 'destructive',
    };
  }
  const channels = [email.success ? 'email' : null, sms.success ? 'SMS' : null].filter(Boolean).join(' and ');
  if (channels)
    return {
      title: 'Invitation Sent',
      description: [`Client invitation has been sent via ${channels} successfully.`, textFailure(sms)]
        .filter(Boolean)
        .join(' '),
    };
  // Nothing reached the client: said as the spec words it, but as a warning.
  return {
    title: 'Invitation Sent',
    description: 'Client invitation has been sent, but there were issues with delivery.',
    variant: 'destructive',
  };
}

/** When `POST /api/invitations` failed; `email` is the address that was typed. */
export function invitationFailureToast(type: InvitationKind, error: unknown, email: string): ToastInput {
  if (type === 'client-to-agent') {
    if (isAlreadySentError(error))
      return {
        title: 'Invitation Already Sent',
        description: `An invitation has already been sent to ${email}. You can resend it if needed by trying again.`,
      };
    return {
      title: 'Failed to send invitation',
      // A refusal that is not about the address (sent again too often, accepted or expired
      // meanwhile) says why; the spec's words otherwise.
      description:
        (isRefusalWithReason(error) ? serverMessageOf(error) : undefined) ??
        'Please check the email address and try again.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Error',
    description: serverMessageOf(error) ?? 'Failed to send invitation. Please try again.',
    variant: 'destructive',
  };
}

/** An agent's acceptance of a seller's invitation went through (spec §8). */
export const INVITATION_ACCEPTED_TOAST: ToastInput = {
  title: 'Invitation Accepted!',
  description: 'You are now linked to your client. Welcome to your agent dashboard!',
};

export const ACCEPTANCE_FALLBACK_MESSAGE = 'Failed to accept invitation. Please try again.';

/** The server's reason an acceptance failed, or the spec's fallback. */
export function acceptanceFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? ACCEPTANCE_FALLBACK_MESSAGE;
}

export function invitationAcceptanceFailureToast(error: unknown): ToastInput {
  return { title: 'Error', description: acceptanceFailureMessage(error), variant: 'destructive' };
}
