import { relations, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSchema, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  deadLettersTable,
  id,
  oneOf,
  outboxTable,
  processedEventsTable,
  timestamps,
  timestamptz,
} from './common.ts';
import { CONTACT_METHODS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES, USER_ROLES } from '@listready/contracts';

/** Owned by services/auth: accounts, sessions, password reset, agent accounts. */
export const authSchema = pgSchema('auth');

/** Re-exported for the schema's users; declared once in libs/contracts (enums.ts). */
export { CONTACT_METHODS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES, USER_ROLES };

export type UserRole = (typeof USER_ROLES)[number];
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface NotificationPreferences {
  email: boolean;
  push: boolean;
  sms: boolean;
  calendar: boolean;
  /**
   * When reminders come, in minutes before the due day starts (one of contracts' REMINDER_LEADS);
   * absent until the person chooses: DEFAULT_REMINDER_MINUTES.
   */
  reminderMinutes?: number;
}
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: true,
  push: true,
  sms: false,
  calendar: true,
};
export const DEFAULT_TIMEZONE = 'America/New_York';

export const users = authSchema.table(
  'users',
  {
    id: id(),
    /** Stored as given; uniqueness and look-ups compare `lower(email)`. */
    email: text().notNull(),
    /** scrypt hash with its salt (DESIGN.md §5), never the password itself. */
    password: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    profileImageUrl: text(),
    phone: text(),
    role: text({ enum: USER_ROLES }).notNull().default('client'),
    preferredContact: text({ enum: CONTACT_METHODS }).notNull().default('email'),
    timezone: text().notNull().default(DEFAULT_TIMEZONE),
    notificationPreferences: jsonb()
      .$type<NotificationPreferences>()
      .notNull()
      .default(DEFAULT_NOTIFICATION_PREFERENCES),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    oneOf('users_role_check', t.role, USER_ROLES),
    oneOf('users_preferred_contact_check', t.preferredContact, CONTACT_METHODS),
  ],
);

/**
 * Server-side sessions: the cookie carries a signed token naming `sid`; a session is valid while
 * `expire` is ahead and `revoked_at` is null, so logout and password reset can revoke per user.
 */
export const sessions = authSchema.table(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: jsonb().$type<Record<string, unknown>>().notNull(),
    expire: timestamptz().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull().defaultNow(),
    revokedAt: timestamptz(),
    userAgent: text(),
    ip: text(),
    /**
     * When services/auth last saw the session in use (the sign-in, then any signed-in request to
     * auth, such as the page's session check), to the hour; null for sessions from before 0017.
     */
    lastSeenAt: timestamptz(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = authSchema.table(
  'password_reset_tokens',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token sent by e-mail; the token itself is never stored. */
    token: text().notNull().unique(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

export const agents = authSchema.table(
  'agents',
  {
    id: id(),
    userId: text()
      .notNull()
      .unique('agents_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text(),
    phone: text(),
    licenseNumber: text(),
    subscriptionType: text({ enum: SUBSCRIPTION_TYPES }).notNull().default('trial'),
    subscriptionStatus: text({ enum: SUBSCRIPTION_STATUSES }).notNull().default('trial'),
    billingCycleStart: timestamptz(),
    billingCycleEnd: timestamptz(),
    /** Customer id at the card payment provider. */
    stripeCustomerId: text(),
    inviteLimit: integer().notNull().default(5),
    invitesUsed: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    oneOf('agents_subscription_type_check', t.subscriptionType, SUBSCRIPTION_TYPES),
    oneOf('agents_subscription_status_check', t.subscriptionStatus, SUBSCRIPTION_STATUSES),
  ],
);

export const authOutbox = outboxTable(authSchema);
export const authProcessedEvents = processedEventsTable(authSchema);
export const authDeadLetters = deadLettersTable(authSchema);

export const usersRelations = relations(users, ({ one, many }) => ({
  agent: one(agents),
  sessions: many(sessions),
  passwordResetTokens: many(passwordResetTokens),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  user: one(users, { fields: [passwordResetTokens.userId], references: [users.id] }),
}));

export const agentsRelations = relations(agents, ({ one }) => ({
  user: one(users, { fields: [agents.userId], references: [users.id] }),
}));
