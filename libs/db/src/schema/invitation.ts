import { relations, sql } from 'drizzle-orm';
import { boolean, index, pgSchema, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import {
  deadLettersTable,
  id,
  oneOf,
  outboxTable,
  processedEventsTable,
  timestamps,
  timestamptz,
} from './common.ts';
import { INVITATION_STATUSES, INVITATION_TYPES } from '@listready/contracts';

/** Owned by services/invitation: invitations in both directions. */
export const invitationSchema = pgSchema('invitation');

/** Re-exported for the schema's users; declared once in libs/contracts (enums.ts). */
export { INVITATION_STATUSES, INVITATION_TYPES };

export type InvitationType = (typeof INVITATION_TYPES)[number];
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_LIFETIME_DAYS = 30;

export const invitations = invitationSchema.table(
  'invitations',
  {
    id: id(),
    type: text({ enum: INVITATION_TYPES }).notNull(),
    /** auth.users.id of the sender (agent or seller). */
    inviterUserId: text().notNull(),
    inviteeEmail: text().notNull(),
    inviteeName: text().notNull(),
    inviteePhone: text(),
    status: text({ enum: INVITATION_STATUSES }).notNull().default('pending'),
    emailSent: boolean().notNull().default(false),
    smsSent: boolean().notNull().default(false),
    acceptedAt: timestamptz(),
    /** auth.users.id of who accepted (the agent, or the seller of an agent-to-client invitation). */
    acceptedByUserId: text(),
    /** 30 days by default; services/invitation writes it from its own clock (now + 30 days). */
    expiresAt: timestamptz()
      .notNull()
      .default(sql`now() + interval '${sql.raw(String(INVITATION_LIFETIME_DAYS))} days'`),
    ...timestamps,
  },
  (t) => [
    index('invitations_inviter_user_id_idx').on(t.inviterUserId),
    index('invitations_invitee_email_lower_idx').on(sql`lower(${t.inviteeEmail})`),
    oneOf('invitations_type_check', t.type, INVITATION_TYPES),
    oneOf('invitations_status_check', t.status, INVITATION_STATUSES),
  ],
);

export const invitationOutbox = outboxTable(invitationSchema);
export const invitationProcessedEvents = processedEventsTable(invitationSchema);
export const invitationDeadLetters = deadLettersTable(invitationSchema);

export const invitationsRelations = relations(invitations, ({ one }) => ({
  inviter: one(users, { fields: [invitations.inviterUserId], references: [users.id] }),
}));
