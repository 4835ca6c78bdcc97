import { createHash } from 'node:crypto';
import { authMessages } from '@listready/contracts';
import { RateLimitedError, type Cache } from '@listready/service-kit';

export interface LoginLimits {
  /** Failed sign-ins allowed per account and per IP within the window. */
  maxFailures: number;
  windowSeconds: number;
}
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { maxFailures: 10, windowSeconds: 15 * 60 };

export class TooManyFailedSignInsError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(authMessages.tooManyFailedSignIns, retryAfterSeconds);
    this.name = 'TooManyFailedSignInsError';
  }
}

/**
 * Failed sign-ins counted per account and per client IP in fixed windows, in the shared cache
 * (Redis when configured, so every replica counts together). Accounts are keyed by a hash: the
 * cache never holds e-mail addresses.
 */
export function createLoginLimiter(cache: Cache, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const accountKey = (email: string) =>
    `login-failures:account:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
  const ipKey = (ip: string) => `login-failures:ip:${ip}`;

  return {
    /** Throws 429 (with Retry-After) when the account or the IP has used up its failures. */
    async check(email: string, ip: string): Promise<void> {
      const counters = await Promise.all([cache.counter(accountKey(email)), cache.counter(ipKey(ip))]);
      const blocked = counters.filter((counter) => counter.count >= limits.maxFailures);
      if (blocked.length > 0) {
        throw new TooManyFailedSignInsError(Math.max(1, ...blocked.map((counter) => counter.ttlSeconds)));
      }
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all([
        cache.increment(accountKey(email), limits.windowSeconds),
        cache.increment(ipKey(ip), limits.windowSeconds),
      ]);
    },
    /** A successful sign-in or a password reset clears the account's count (not the IP's). */
    async clearAccount(email: string): Promise<void> {
      await cache.del(accountKey(email));
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
