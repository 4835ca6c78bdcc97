import { z } from 'zod';
import { invitationTypeSchema } from './invitation-sent.v1.ts';

/** The invitee accepted: the agent–client link now exists. */
export const invitationAcceptedV1 = z.object({
  invitationId: z.string().min(1),
  type: invitationTypeSchema,
  inviterUserId: z.string().min(1),
  acceptedByUserId: z.string().min(1),
});
export type InvitationAcceptedV1 = z.infer<typeof invitationAcceptedV1>;
