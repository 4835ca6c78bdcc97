import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { AuthErrorCode, authMessages } from '@listready/contracts';
import { passwordResetTokens, type Db } from '@listready/db';
import type { Mailer } from '@listready/messaging';
import {
  createRateLimit,
  HttpError,
  UnauthorizedError,
  ValidationError,
  type Cache,
} from '@listready/service-kit';
import { createBackgroundWork } from '../background-work.ts';
import type { Clock } from '../clock.ts';
import type { LoginLimiter } from '../rate-limit/login-limiter.ts';
import type { SessionManager } from '../sessions/session-manager.ts';
import type { PasswordHasher } from '../users/password-hashing.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { passwordChangedEmail, resetEmail } from './reset-email.ts';

/** Reset links live one hour (spec §9) and work once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Reset mails per address per hour; more requests still get the same answer, without a mail. */
const MAILS_PER_ADDRESS_PER_HOUR = 5;

export class ResetTokenInvalidError extends HttpError {
  constructor() {
    super(400, AuthErrorCode.resetTokenInvalid, authMessages.resetTokenInvalid, [
      { path: 'token', message: authMessages.resetTokenInvalid },
    ]);
    this.name = 'ResetTokenInvalidError';
  }
}

/** Only the SHA-256 of a token is stored: a database leak does not leak working links. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface PasswordResetOptions {
  db: Db;
  users: UserRepository;
  sessions: SessionManager;
  hasher: PasswordHasher;
  limiter: LoginLimiter;
  mailer: Mailer;
  cache: Cache;
  clock: Clock;
  logger: Logger;
}

export function createPasswordReset(options: PasswordResetOptions) {
  const { db, users, sessions, hasher, clock } = options;
  const work = createBackgroundWork(options.logger);
  const resetMails = createRateLimit(options.cache, {
    name: 'reset-mails',
    points: MAILS_PER_ADDRESS_PER_HOUR,
    windowSeconds: 60 * 60,
  });

  async function sendResetMail(email: string, origin: string): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user) return;
    const sent = await resetMails.hit(user.id);
    if (!sent.allowed) {
      options.logger.warn(
        { userId: user.id },
        'password reset mail not sent: hourly limit for this account reached',
      );
      return;
    }
    const token = randomBytes(32).toString('base64url');
    // One reading of the clock: read twice, a millisecond could pass between them.
    const now = clock();
    await db.insert(passwordResetTokens).values({
      userId: user.id,
      token: hashResetToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    const link = `${origin}/reset-password?token=${token}`;
    const delivery = await options.mailer.send(resetEmail(user.email, user.firstName, link));
    options.logger.info(
      { userId: user.id, engine: options.mailer.engine, deliveryId: delivery.id },
      'password reset mail sent',
    );
  }

  return {
    /**
     * Answers at once, the same way for every address: the look-up, the token and the mail happen
     * after the response, so neither the body nor the timing tells whether the account exists.
     */
    request(email: string, origin: string): void {
      work.run(() => sendResetMail(email, origin), 'password reset mail failed');
    },

    /** Sets the new password if the token is known, unused and unexpired; revokes every session. */
    async confirm(token: string, password: string, ip: string): Promise<void> {
      const now = clock();
      const usable = and(
        eq(passwordResetTokens.token, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      );
      // A bogus token is refused before scrypt runs: anyone can call this, signed out, for free.
      const [known] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(usable)
        .limit(1);
      if (!known) throw new ResetTokenInvalidError();
      const passwordHash = await hasher.hash(password);
      const { userId, revoked } = await db.transaction(async (tx) => {
        // Still conditional: of two confirmations racing with one token, one wins.
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(usable)
          .returning({ userId: passwordResetTokens.userId });
        if (!used) throw new ResetTokenInvalidError();
        await users.updatePassword(tx, used.userId, passwordHash);
        // Other links sent to this user die with this one.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
        return { userId: used.userId, revoked: await sessions.revokeAllInTransaction(tx, used.userId) };
      });
      await sessions.forget(revoked);
      const user = await users.findById(userId);
      if (user) await options.limiter.clearAccount(user.email, ip);
    },

    /**
     * A signed-in person's new password (PUT /api/auth/user/password): the current one checked as
     * signing in checks it (the same failed-attempt limit, so a session left open cannot be used to
     * guess it), then, in one transaction, the new hash, every other session revoked (`keep`: the
     * one making the change stays) and any reset link still unused made void. The person is told by
     * e-mail, with what to do if it was not them.
     */
    async change(
      userId: string,
      input: { currentPassword: string; password: string },
      client: { ip: string; sessionId: string; origin: string },
    ): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError();
      const attempt = { email: user.email, ip: client.ip, knownDevice: false };
      await options.limiter.begin(attempt);
      if (!(await hasher.verify(input.currentPassword, user.password))) {
        throw new ValidationError([{ path: 'currentPassword', message: authMessages.currentPasswordWrong }]);
      }
      await options.limiter.succeeded(attempt);
      const passwordHash = await hasher.hash(input.password);
      const revoked = await db.transaction(async (tx) => {
        await users.updatePassword(tx, userId, passwordHash);
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: clock() })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        return sessions.revokeAllInTransaction(tx, userId, client.sessionId);
      });
      await sessions.forget(revoked);
      // The change stands even if the notice cannot be sent now: the failure is logged.
      await options.mailer
        .send(passwordChangedEmail({ to: user.email, firstName: user.firstName, origin: client.origin }))
        .catch((error: unknown) =>
          options.logger.error({ err: error, userId }, 'password change notice failed'),
        );
    },

    /** Resolves when the reset mails already requested are sent (tests, graceful shutdown). */
    settled: work.settled,
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;
