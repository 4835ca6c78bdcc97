import { describe, expect, it } from 'vitest';
import { invitationMessages, type ChannelResult } from '@listready/contracts/invitation';
import { ApiRequestError } from '../api/api-client.ts';
import {
  acceptanceFailureMessage,
  invitationAcceptanceFailureToast,
  invitationFailureToast,
  invitationSentToast,
  isAlreadySentError,
} from './invitation-toasts.ts';

const sent: ChannelResult = { success: true, error: null };
const notTried: ChannelResult = { success: false, error: null };
const failed = (error: string): ChannelResult => ({ success: false, error });
const answer = (email: ChannelResult, sms: ChannelResult) => ({ invitationId: 'inv-1', email, sms });
const serverError = (status: number, body: unknown) =>
  new ApiRequestError(status, 'Bad Request', JSON.stringify(body));

describe('Invite My Agent toasts (seller, client-to-agent)', () => {
  const toastFor = (email: ChannelResult, sms: ChannelResult) =>
    invitationSentToast('client-to-agent', answer(email, sms));

  it('both channels: Invitation sent successfully!', () => {
    expect(toastFor(sent, sent)).toEqual({
      title: 'Invitation sent successfully!',
      description: 'Your agent was invited via email and SMS.',
    });
  });

  it('e-mail only: Invitation sent via email! with why the text did not go, or that no text was tried', () => {
    // Twilio's own wording is for the logs; a missing country code is said, as the seller can mend it.
    expect(toastFor(sent, failed('Twilio refused the number'))).toEqual({
      title: 'Invitation sent via email!',
      description: 'The text message could not be sent.',
    });
    expect(toastFor(sent, failed(invitationMessages.textNeedsCountryCode))).toEqual({
      title: 'Invitation sent via email!',
      description: invitationMessages.textNeedsCountryCode,
    });
    expect(toastFor(sent, notTried)).toEqual({
      title: 'Invitation sent via email!',
      description: 'No phone number was given, so no text message was sent.',
    });
  });

  it('otherwise: Invitation sent with issues, with the e-mail error or the fallback', () => {
    expect(toastFor(failed('Gmail is not connected yet'), sent)).toEqual({
      title: 'Invitation sent with issues',
      description: 'Gmail is not connected yet',
      variant: 'destructive',
    });
    expect(toastFor(notTried, notTried)).toMatchObject({
      title: 'Invitation sent with issues',
      description: 'There may have been delivery issues. Please try again.',
    });
  });

  it("a 400 saying 'already been sent': Invitation Already Sent naming the address", () => {
    const duplicate = serverError(400, {
      message: 'An invitation has already been sent to pat@example.com',
      code: 'INVITATION_ALREADY_SENT',
    });
    expect(isAlreadySentError(duplicate)).toBe(true);
    expect(invitationFailureToast('client-to-agent', duplicate, 'pat@example.com')).toEqual({
      title: 'Invitation Already Sent',
      description:
        'An invitation has already been sent to pat@example.com. You can resend it if needed by trying again.',
    });
  });

  it('any other failure: Failed to send invitation', () => {
    const expected = {
      title: 'Failed to send invitation',
      description: 'Please check the email address and try again.',
      variant: 'destructive',
    };
    expect(
      invitationFailureToast(
        'client-to-agent',
        serverError(400, { message: 'You cannot invite yourself' }),
        'a@b.co',
      ),
    ).toEqual(expected);
    // 'already been sent' outside a 400 is not the duplicate answer.
    const conflict = serverError(409, { message: 'An invitation has already been sent to a@b.co' });
    expect(isAlreadySentError(conflict)).toBe(false);
    expect(invitationFailureToast('client-to-agent', conflict, 'a@b.co')).toEqual({
      ...expected,
      description: 'An invitation has already been sent to a@b.co',
    });
    expect(
      invitationFailureToast('client-to-agent', serverError(500, { message: 'boom' }), 'a@b.co'),
    ).toEqual(expected);
    expect(invitationFailureToast('client-to-agent', new TypeError('Failed to fetch'), 'a@b.co')).toEqual(
      expected,
    );
  });

  it.each([
    [409, 'This invitation has already been accepted'],
    [410, 'This invitation has expired. Send a new invitation instead.'],
    [429, 'An invitation can be sent again 3 times a day. Try again tomorrow.'],
  ])('a refusal that is not about the address (%i) says why', (status, message) => {
    const refusal = serverError(status, { message });
    expect(isAlreadySentError(refusal)).toBe(false);
    expect(invitationFailureToast('client-to-agent', refusal, 'a@b.co')).toEqual({
      title: 'Failed to send invitation',
      description: message,
      variant: 'destructive',
    });
  });
});

describe('Invite Client toasts (agent, agent-to-client)', () => {
  const toastFor = (email: ChannelResult, sms: ChannelResult) =>
    invitationSentToast('agent-to-client', answer(email, sms));

  it.each([
    [sent, sent, 'Client invitation has been sent via email and SMS successfully.'],
    [sent, notTried, 'Client invitation has been sent via email successfully.'],
    [failed('Gmail is not connected yet'), sent, 'Client invitation has been sent via SMS successfully.'],
    [
      sent,
      failed('Authenticate'),
      'Client invitation has been sent via email successfully. The text message could not be sent.',
    ],
    [
      sent,
      failed(invitationMessages.textNeedsCountryCode),
      `Client invitation has been sent via email successfully. ${invitationMessages.textNeedsCountryCode}`,
    ],
  ])(
    'Invitation Sent, saying which channels went, and why a text tried did not (%#)',
    (email, sms, description) => {
      expect(toastFor(email, sms)).toEqual({ title: 'Invitation Sent', description });
    },
  );

  it('neither channel: Invitation Sent, but there were issues with delivery (as a warning)', () => {
    expect(toastFor(failed('Gmail is not connected yet'), notTried)).toEqual({
      title: 'Invitation Sent',
      description: 'Client invitation has been sent, but there were issues with delivery.',
      variant: 'destructive',
    });
  });

  it("a failure: Error with the server's message, or the fallback", () => {
    const limit = serverError(403, {
      message: 'Your trial allows 5 invitations and all 5 have been used.',
      code: 'INVITE_LIMIT_REACHED',
    });
    expect(invitationFailureToast('agent-to-client', limit, 'sam@example.com')).toEqual({
      title: 'Error',
      description: 'Your trial allows 5 invitations and all 5 have been used.',
      variant: 'destructive',
    });
    expect(
      invitationFailureToast('agent-to-client', new ApiRequestError(502, 'Bad Gateway', ''), 'x@y.co'),
    ).toEqual({
      title: 'Error',
      description: 'Failed to send invitation. Please try again.',
      variant: 'destructive',
    });
  });
});

describe('acceptance failures', () => {
  it("Error with the server's message, or 'Failed to accept invitation. Please try again.'", () => {
    const expired = serverError(410, { message: 'This invitation has expired. Ask for a new one.' });
    expect(invitationAcceptanceFailureToast(expired)).toEqual({
      title: 'Error',
      description: 'This invitation has expired. Ask for a new one.',
      variant: 'destructive',
    });
    expect(acceptanceFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to accept invitation. Please try again.',
    );
  });
});
