import { z } from 'zod';
import { CONTACT_METHODS, MESSAGE_CHANNELS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from '../enums.ts';
import { userRoleSchema } from './requests.ts';

/**
 * The user as every API answer shows it: GET /api/auth/user, login, register, profile update.
 * Never carries the password hash.
 */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: userRoleSchema,
  profileImageUrl: z.string().nullable(),
  phone: z.string().nullable(),
  preferredContact: z.enum(CONTACT_METHODS),
  timezone: z.string(),
  notificationPreferences: z.object({
    email: z.boolean(),
    push: z.boolean(),
    sms: z.boolean(),
    calendar: z.boolean(),
    /** When reminders come, in minutes before the due day starts (REMINDER_LEADS). */
    reminderMinutes: z.number().int(),
  }),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * GET /api/auth/session: who the browser is, answered 200 either way (an anonymous visit is no
 * error). `GET /api/auth/user` keeps its 401 for API clients.
 */
export const sessionResponseSchema = z.object({ user: publicUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /api/agents/current: the signed-in agent's account (payment-provider ids stay server-side). */
export const agentAccountSchema = z.object({
  id: z.string(),
  userId: z.string(),
  companyName: z.string().nullable(),
  phone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  billingCycleStart: z.iso.datetime({ offset: true }).nullable(),
  billingCycleEnd: z.iso.datetime({ offset: true }).nullable(),
  inviteLimit: z.int(),
  invitesUsed: z.int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AgentAccount = z.infer<typeof agentAccountSchema>;

/**
 * One place the person is signed in (GET /api/auth/user/sessions). `id` names it for signing it out
 * and is not the session's secret; `device` is the browser and system its sign-in came from, as far
 * as the browser said ("Chrome on Android").
 */
export const signedInSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  signedInAt: z.iso.datetime({ offset: true }),
  /**
   * When the session was last seen in use, to the hour; absent when not known (a session from
   * before this was kept, or an older auth service answering).
   */
  lastActiveAt: z.iso.datetime({ offset: true }).optional(),
  /** The session this answer was asked from. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
/** Edit Profile's list of where the person is signed in: the new-sign-in e-mail links to it. */
export const SIGNED_IN_DEVICES_ANCHOR = 'signed-in-devices';
export const SIGNED_IN_DEVICES_PATH = `/profile?tab=profile#${SIGNED_IN_DEVICES_ANCHOR}`;

/** The person's live sessions: this one first, then the newest. */
export const signedInSessionsSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SignedInSessions = z.infer<typeof signedInSessionsSchema>;

/** A sign-out of the person's other sessions: how many there were, and the sentence saying so. */
export const otherSessionsEndedSchema = z.object({ message: z.string(), ended: z.int().nonnegative() });
export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>;

/** The id of one of the person's sessions, as GET /api/auth/user/sessions names it. */
export const sessionIdParamsSchema = z.object({
  id: z.string().min(1).max(64),
});

/** Answers that only confirm (logout, reset request and confirm). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** One stored message of the dev mailbox (DESIGN.md §2). */
export const devMailboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;
export const devMailboxResponseSchema = z.array(devMailboxMessageSchema);
