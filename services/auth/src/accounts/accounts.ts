import type { Logger } from 'pino';
import {
  authMessages,
  toE164,
  type LoginRequest,
  type ProfileUpdate,
  type RegisterRequest,
} from '@listready/contracts';
import type { Db } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { Mailer } from '@listready/messaging';
import { HttpError, UnauthorizedError, ValidationError } from '@listready/service-kit';
import { publishUserRegistered } from '../events/user-registered.ts';
import type { LoginLimiter } from '../rate-limit/login-limiter.ts';
import type { PasswordHasher } from '../users/password-hashing.ts';
import { EmailTakenError, type UserRepository, type UserRow } from '../users/user-repository.ts';
import type { AgentRepository } from './agent-repository.ts';
import { emailChangeMails } from './email-change-mail.ts';

/** Unknown e-mail and wrong password: one answer (and one timing) for both. */
export class InvalidCredentialsError extends HttpError {
  constructor() {
    super(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials);
    this.name = 'InvalidCredentialsError';
  }
}

/**
 * The phone Edit Profile stores: as typed (empty: none), unless text reminders are on — they go to
 * this number and SMS needs it in E.164, so then it stays, and only an international number is
 * taken (stored as E.164). The number on file, sent back as it is, is no change.
 */
function phoneToStore(user: UserRow, phone: string): string | null {
  const typed = phone.trim();
  if (typed === (user.phone ?? '')) return user.phone;
  if (!user.notificationPreferences.sms) return typed || null;
  if (!typed) throw new ValidationError([{ path: 'phone', message: authMessages.phoneNeededForTexts }]);
  const international = toE164(typed);
  if (!international)
    throw new ValidationError([{ path: 'phone', message: authMessages.phoneNotInternational }]);
  return international;
}

export interface AccountsOptions {
  db: Db;
  mailer: Mailer;
  users: UserRepository;
  agents: AgentRepository;
  hasher: PasswordHasher;
  limiter: LoginLimiter;
  events: EventBus;
  logger: Logger;
}

export function createAccounts(options: AccountsOptions) {
  const { db, users, agents, hasher, limiter, events } = options;
  return {
    /**
     * One transaction: the user, the agent account for an agent (trial, 5 invitations), and the
     * `user-registered` event. A seller's `clients` row belongs to the journey schema: the journey
     * service creates it, with the seller's journey rows, from that event.
     */
    async register(input: RegisterRequest): Promise<UserRow> {
      // The cheap look-up first: a taken address answers 409 without a second of scrypt. The unique
      // index still decides a race between two sign-ups.
      if (await users.findByEmail(input.email)) throw new EmailTakenError();
      const password = await hasher.hash(input.password);
      return db.transaction(async (tx) => {
        const user = await users.insert(tx, {
          email: input.email,
          password,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          role: input.role,
        });
        if (user.role === 'agent') await agents.createTrial(tx, user.id, user.phone);
        await publishUserRegistered(events, tx, user);
        return user;
      });
    },

    /**
     * Edit Profile. A new e-mail (it signs in and receives reset links) needs the current password,
     * checked under the sign-in limits; once changed, both addresses are told.
     */
    /**
     * Edit Profile: names, e-mail (a new one needs the current password and is told to both
     * addresses), phone (with text reminders on, only in international format, which SMS needs).
     */
    async updateProfile(userId: string, input: ProfileUpdate, ip: string): Promise<UserRow> {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError();
      const email = input.email.trim();
      const changesEmail = email.toLowerCase() !== user.email.toLowerCase();
      if (changesEmail) {
        if (!input.currentPassword) {
          throw new ValidationError([
            { path: 'currentPassword', message: authMessages.currentPasswordRequired },
          ]);
        }
        const attempt = { email: user.email, ip, knownDevice: false };
        await limiter.begin(attempt);
        if (!(await hasher.verify(input.currentPassword, user.password))) {
          throw new ValidationError([
            { path: 'currentPassword', message: authMessages.currentPasswordWrong },
          ]);
        }
        await limiter.succeeded(attempt);
      }
      const updated = await users.updateProfile(userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone === undefined ? undefined : phoneToStore(user, input.phone),
      });
      if (!updated) throw new UnauthorizedError();
      if (changesEmail) {
        // The change stands even if a notice cannot be sent now: the failure is logged.
        const notices = emailChangeMails({
          firstName: updated.firstName,
          from: user.email,
          to: updated.email,
        });
        await Promise.all(
          notices.map((notice) =>
            options.mailer
              .send(notice)
              .catch((error: unknown) =>
                options.logger.error({ err: error, userId }, 'email change notice failed'),
              ),
          ),
        );
      }
      return updated;
    },

    /**
     * Counts the attempt against the limits, then checks the password (scrypt runs even for an
     * unknown e-mail, so timing does not tell which addresses exist).
     */
    async authenticate(
      input: LoginRequest,
      client: { ip: string; isKnownDevice: (userId: string) => boolean },
    ): Promise<UserRow> {
      const user = await users.findByEmail(input.email);
      const attempt = {
        email: input.email,
        ip: client.ip,
        knownDevice: !!user && client.isKnownDevice(user.id),
      };
      await limiter.begin(attempt);
      const valid = await hasher.verify(input.password, user?.password ?? null);
      if (!user || !valid) throw new InvalidCredentialsError();
      await limiter.succeeded(attempt);
      if (hasher.needsRehash(user.password)) {
        // Parameters were raised since this hash was made: upgrade it now that we know the password.
        await users
          .updatePassword(db, user.id, await hasher.hash(input.password))
          .catch((error: unknown) =>
            options.logger.warn({ err: error, userId: user.id }, 'password re-hash failed'),
          );
      }
      return user;
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
