import { z } from 'zod';
import { invitationTypeSchema, type InvitationSentV1 } from './invitation-sent.v1.ts';

/**
 * An invitation was created (v2). It is written to the outbox in the invitation's own transaction,
 * before any channel is tried (delivery runs after the commit), so it no longer claims which
 * channels delivered: v1's `emailSent`/`smsSent` could only ever be false there.
 */
export const invitationSentV2 = z.object({
  invitationId: z.string().min(1),
  type: invitationTypeSchema,
  inviterUserId: z.string().min(1),
  inviteeEmail: z.email(),
  inviteeName: z.string(),
  inviteePhone: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type InvitationSentV2 = z.infer<typeof invitationSentV2>;

/** v1 read as v2: the channel flags dropped; its expiry was not carried (null). */
export const upcastInvitationSentV1 = (v1: InvitationSentV1): InvitationSentV2 => ({
  invitationId: v1.invitationId,
  type: v1.type,
  inviterUserId: v1.inviterUserId,
  inviteeEmail: v1.inviteeEmail,
  inviteeName: v1.inviteeName,
  inviteePhone: v1.inviteePhone,
  expiresAt: null,
});
