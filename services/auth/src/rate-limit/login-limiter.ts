import { createHash } from 'node:crypto';
import { authMessages } from '@listready/contracts';
import { createRateLimit, RateLimitedError, type Cache } from '@listready/service-kit';

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
 * Failed sign-ins counted per account and per client IP in fixed windows (rate-limiter-flexible, on
 * Redis when configured, so every replica counts together). Accounts are keyed by a hash: the store
 * never holds e-mail addresses.
 */
export function createLoginLimiter(cache: Cache, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const window = { points: limits.maxFailures, windowSeconds: limits.windowSeconds };
  const accounts = createRateLimit(cache, { name: 'login-failures:account', ...window });
  const ips = createRateLimit(cache, { name: 'login-failures:ip', ...window });
  const accountKey = (email: string) =>
    createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

  return {
    /** Throws 429 (with Retry-After) when the account or the IP has used up its failures. */
    async check(email: string, ip: string): Promise<void> {
      const states = await Promise.all([accounts.peek(accountKey(email)), ips.peek(ip)]);
      const blocked = states.filter((state) => state.used >= limits.maxFailures);
      if (blocked.length > 0) {
        throw new TooManyFailedSignInsError(Math.max(1, ...blocked.map((state) => state.retryAfterSeconds)));
      }
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all([accounts.hit(accountKey(email)), ips.hit(ip)]);
    },
    /** A successful sign-in or a password reset clears the account's count (not the IP's). */
    async clearAccount(email: string): Promise<void> {
      await accounts.reset(accountKey(email));
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
