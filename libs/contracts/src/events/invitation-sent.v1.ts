import { z } from 'zod';
import { INVITATION_TYPES } from '../enums.ts';

export const invitationTypeSchema = z.enum(INVITATION_TYPES);
export type InvitationType = z.infer<typeof invitationTypeSchema>;

/** An invitation was created and its channels tried (`emailSent`/`smsSent` say which delivered). */
export const invitationSentV1 = z.object({
  invitationId: z.string().min(1),
  type: invitationTypeSchema,
  inviterUserId: z.string().min(1),
  inviteeEmail: z.email(),
  inviteeName: z.string(),
  inviteePhone: z.string().nullable(),
  emailSent: z.boolean(),
  smsSent: z.boolean(),
});
export type InvitationSentV1 = z.infer<typeof invitationSentV1>;
