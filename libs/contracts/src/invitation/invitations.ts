import { z } from 'zod';
import { NOT_INTERNATIONAL_MESSAGE, toE164 } from '../phone.ts';
import { INVITATION_STATUSES, INVITATION_TYPES } from '../enums.ts';

/**
 * Invitations both ways (agent spec §3, §5, §7): the Invite Client and Invite My Agent dialogs and
 * services/invitation validate with these schemas, so both show the same messages. Browser-safe.
 */

export const invitationMessages = {
  nameTooShort: 'Name must be at least 2 characters',
  invalidEmail: 'Invalid email address',
  invalidType: 'Invitation type must be agent-to-client or client-to-agent',
  /** The text goes by SMS, which takes E.164 only (Twilio refuses a national number). */
  invalidPhone: NOT_INTERNATIONAL_MESSAGE,
  /** An invitation stored before the form required E.164, with a national number: not texted. */
  textNeedsCountryCode:
    'No text message was sent: the phone number has no country code. Invite again with it, e.g. +1 555 123 4567.',
  invitationIdRequired: 'Invitation ID is required',
  /** The spec's toast looks for `already been sent` in a 400. */
  alreadySent: (email: string) => `An invitation has already been sent to ${email}`,
  cannotInviteYourself: 'You cannot invite yourself',
  agentsOnly: 'Only agents can invite clients',
  sellersOnly: 'Only home sellers can invite their agent',
  inviteLimitReached: (limit: number) =>
    `Your trial allows ${limit} invitations and all ${limit} have been used. Upgrade your subscription to invite more clients.`,
  notFound: 'Invitation not found',
  expired: 'This invitation has expired. Ask for a new one.',
  wrongRoleToAccept: (type: InvitationKind) =>
    type === 'client-to-agent'
      ? 'Only an agent account can accept this invitation'
      : 'Only a home seller account can accept this invitation',
  notAddressedToYou:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it, or ask for an invitation to this one.',
  acceptedBySomeoneElse: 'This invitation has already been accepted by someone else',
  sellerHasAnotherAgent: 'This home seller is already linked to another agent',
  agentAccountMissing: 'The agent of this invitation no longer has an agent account',
  alreadyAccepted: 'This invitation has already been accepted',
  expiredSendNew: 'This invitation has expired. Send a new invitation instead.',
  resendLimitReached: (perDay: number) =>
    `An invitation can be sent again ${perDay} times a day. Try again tomorrow.`,
} as const;

/** How many times a day one invitation can be sent again (`POST /api/invitations/{id}/resend`). */
export const INVITATION_RESENDS_PER_DAY = 3;

export const InvitationErrorCode = {
  alreadySent: 'INVITATION_ALREADY_SENT',
  inviteLimitReached: 'INVITE_LIMIT_REACHED',
  notFound: 'INVITATION_NOT_FOUND',
  expired: 'INVITATION_EXPIRED',
  notAddressedToYou: 'INVITATION_NOT_FOR_YOU',
  acceptedBySomeoneElse: 'INVITATION_ALREADY_ACCEPTED',
  sellerHasAnotherAgent: 'SELLER_HAS_ANOTHER_AGENT',
  agentAccountMissing: 'AGENT_ACCOUNT_MISSING',
  accepted: 'INVITATION_ACCEPTED',
} as const;

export const invitationKindSchema = z.enum(INVITATION_TYPES, { error: invitationMessages.invalidType });
export type InvitationKind = z.infer<typeof invitationKindSchema>;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);

/** `POST /api/invitations`; an empty phone number means none. */
export const invitationRequestSchema = z.object({
  name: z
    .string({ error: invitationMessages.nameTooShort })
    .trim()
    .min(2, { error: invitationMessages.nameTooShort })
    .max(100, { error: 'Name must be at most 100 characters' }),
  email: z
    .string({ error: invitationMessages.invalidEmail })
    .trim()
    .max(254, { error: invitationMessages.invalidEmail })
    .pipe(z.email({ error: invitationMessages.invalidEmail })),
  // The number the invitation's text goes to, so in E.164 (Twilio takes nothing else): typed with
  // spaces, dashes, dots or brackets, kept without them. Empty means none.
  phoneNumber: z
    .string({ error: invitationMessages.invalidPhone })
    .trim()
    .refine((value) => value === '' || toE164(value) !== null, { error: invitationMessages.invalidPhone })
    .optional()
    .transform((value) => (value ? (toE164(value) ?? undefined) : undefined)),
  type: invitationKindSchema,
});
export type InvitationRequest = z.input<typeof invitationRequestSchema>;

/** One channel's outcome: `error` is null on success. */
export const channelResultSchema = z.object({ success: z.boolean(), error: z.string().nullable() });
export type ChannelResult = z.infer<typeof channelResultSchema>;

/** The answer of `POST /api/invitations` (spec §3): per channel; `invitationId` added for the e2e. */
export const invitationResponseSchema = z.object({
  invitationId: z.string(),
  email: channelResultSchema,
  sms: channelResultSchema,
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

/** At most this many of the caller's invitations are listed, the newest. */
export const SENT_INVITATIONS_LISTED = 100;

/**
 * One invitation the caller sent (`GET /api/invitations`, ours: the spec's "invitation list" that
 * a sent invitation refetches). `status` is `expired` once `expiresAt` has passed, whatever the row
 * says; `emailSent` and `smsSent` are whether each channel took it.
 */
export const sentInvitationSchema = z.object({
  id: z.string(),
  type: invitationKindSchema,
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  status: invitationStatusSchema,
  emailSent: z.boolean(),
  smsSent: z.boolean(),
  sentAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;
/** `GET /api/invitations` (ours): the invitations the signed-in user sent. */
export const SENT_INVITATIONS_URL = '/api/invitations';
/** Newest first, at most `SENT_INVITATIONS_LISTED`. */
export const sentInvitationsSchema = z.array(sentInvitationSchema);

/** `POST /api/invitations/{invitationId}/resend` names the invitation in its path. */
export const invitationIdParamsSchema = z.object({
  invitationId: z.string().trim().min(1).max(100, { error: invitationMessages.notFound }),
});

/** `POST /api/accept-invitation`. */
export const acceptInvitationRequestSchema = z.object({
  invitationId: z
    .string({ error: invitationMessages.invitationIdRequired })
    .trim()
    .min(1, { error: invitationMessages.invitationIdRequired })
    .max(100, { error: invitationMessages.notFound }),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const acceptInvitationResponseSchema = z.object({
  invitationId: z.string(),
  type: invitationKindSchema,
  status: z.literal('accepted'),
  acceptedAt: z.iso.datetime({ offset: true }),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
