import { eq, sql } from 'drizzle-orm';
import { AuthErrorCode, authMessages, DEFAULT_REMINDER_MINUTES, type PublicUser } from '@listready/contracts';
import { agents, isUniqueViolation, users, type Db, type Executor } from '@listready/db';
import { ConflictError } from '@listready/service-kit';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<
  typeof users.$inferInsert,
  'email' | 'password' | 'firstName' | 'lastName' | 'phone' | 'role'
>;

/** The e-mail is taken (compared case-insensitively by the `users_email_lower_idx` unique index). */
export class EmailTakenError extends ConflictError {
  constructor() {
    super(authMessages.emailTaken, AuthErrorCode.emailTaken);
    this.name = 'EmailTakenError';
  }
}

const isEmailConflict = (error: unknown): boolean => isUniqueViolation(error, 'users_email_lower_idx');

/** Runs a write, turning the unique-e-mail violation (even in a race) into a 409. */
async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isEmailConflict(error)) throw new EmailTakenError();
    throw error;
  }
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    profileImageUrl: row.profileImageUrl,
    phone: row.phone,
    preferredContact: row.preferredContact,
    timezone: row.timezone,
    notificationPreferences: {
      ...row.notificationPreferences,
      reminderMinutes: row.notificationPreferences.reminderMinutes ?? DEFAULT_REMINDER_MINUTES,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The phone is the account's one number: an agent's agent account holds it too (the number their
 * clients' banner calls), so it changes with the account's, in the same transaction.
 */
async function copyPhoneToAgent(tx: Executor, userId: string, phone: string | null): Promise<void> {
  await tx.update(agents).set({ phone, updatedAt: new Date() }).where(eq(agents.userId, userId));
}

export function createUserRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async insert(tx: Executor, user: NewUser): Promise<UserRow> {
      const [row] = await guardEmail(() => tx.insert(users).values(user).returning());
      if (!row) throw new Error('The user insert returned no row');
      return row;
    },
    /** Names, e-mail and (when given) the phone, which an agent's agent account holds too. */
    async updateProfile(
      id: string,
      profile: Pick<UserRow, 'firstName' | 'lastName' | 'email'> & { phone?: string | null | undefined },
    ): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await guardEmail(() =>
          tx
            .update(users)
            .set({ ...profile, updatedAt: new Date() })
            .where(eq(users.id, id))
            .returning(),
        );
        if (row && profile.phone !== undefined) await copyPhoneToAgent(tx, id, profile.phone);
        return row;
      });
    },
    /**
     * Reminder channels, phone and zone; what is not given (push, always) is kept. The phone is the
     * account's one number: an agent's agent account holds it too (the number their clients' banner
     * calls), so both change in one transaction.
     */
    async updateNotificationSettings(
      id: string,
      settings: {
        email?: boolean | undefined;
        sms?: boolean | undefined;
        calendar?: boolean | undefined;
        phone?: string | null | undefined;
        timezone?: string | undefined;
        reminderMinutes?: number | undefined;
      },
    ): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            ...(settings.phone !== undefined ? { phone: settings.phone } : {}),
            ...(settings.timezone ? { timezone: settings.timezone } : {}),
            // jsonb `||` merges the keys given into the stored object (the builder has no jsonb merge);
            // JSON.stringify leaves the undefined ones out.
            notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify({
              email: settings.email,
              sms: settings.sms,
              calendar: settings.calendar,
              reminderMinutes: settings.reminderMinutes,
            })}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        if (row && settings.phone !== undefined) await copyPhoneToAgent(tx, id, settings.phone);
        return row;
      });
    },
    async updatePassword(tx: Executor, id: string, passwordHash: string): Promise<void> {
      await tx.update(users).set({ password: passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
