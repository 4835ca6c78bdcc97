import { createHash } from 'node:crypto';
import { authMessages } from '@listready/contracts';
import { createRateLimit, RateLimitedError, type Cache, type RateLimitState } from '@listready/service-kit';

export interface LoginLimits {
  /** Failed sign-ins one IP may make on one account within the window before that pair waits. */
  pairFailures: number;
  windowSeconds: number;
  /** Each further block of a pair lasts twice as long as the one before, up to this. */
  maxBlockSeconds: number;
  /** Failed sign-ins per IP across accounts: high, as a brokerage behind one NAT shares an IP. */
  ipFailures: number;
  /** Failed sign-ins per account from devices it never signed in on, whatever the IP. */
  accountFailures: number;
}
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  pairFailures: 5,
  windowSeconds: 15 * 60,
  maxBlockSeconds: 24 * 60 * 60,
  ipFailures: 100,
  accountFailures: 30,
};

export class TooManyFailedSignInsError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(authMessages.tooManyFailedSignIns(retryAfterSeconds), retryAfterSeconds);
    this.name = 'TooManyFailedSignInsError';
  }
}

/** Who is trying: the account (by e-mail), the client IP, and whether this device signed in to it before. */
export interface SignInAttempt {
  email: string;
  ip: string;
  knownDevice: boolean;
}

/**
 * Sign-in throttling as OWASP recommends it, on rate-limiter-flexible (Redis when configured, so
 * replicas count together; accounts keyed by a hash, never the address):
 * - every attempt takes its counts up front, atomically, so parallel guesses cannot slip past a
 *   check-then-count gap; a correct password gives them back;
 * - the tight limit is per account-and-IP pair, with growing blocks: one guesser never locks the
 *   people sharing its IP out of their own accounts;
 * - per IP across accounts and per account across IPs, the ceilings are much higher, and a device
 *   that signed in to the account before (`knownDevice`) skips both: a correct password from the
 *   owner's usual phone passes while the account is under attack.
 */
export function createLoginLimiter(cache: Cache, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const windowSeconds = limits.windowSeconds;
  const pairs = createRateLimit(cache, { name: 'login:pair', points: limits.pairFailures, windowSeconds });
  const pairBlocks = createRateLimit(cache, {
    name: 'login:pair-blocks',
    points: Number.MAX_SAFE_INTEGER,
    windowSeconds: limits.maxBlockSeconds,
  });
  const ips = createRateLimit(cache, { name: 'login:ip', points: limits.ipFailures, windowSeconds });
  const accounts = createRateLimit(cache, {
    name: 'login:account',
    points: limits.accountFailures,
    windowSeconds,
  });
  const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');
  const keysOf = ({ email, ip }: SignInAttempt) => {
    const account = hashed(email.trim().toLowerCase());
    return { account, ip, pair: hashed(`${account}|${ip}`) };
  };
  const retryAfter = (states: RateLimitState[]) =>
    Math.max(1, ...states.map((state) => state.retryAfterSeconds));

  return {
    /** Counts the attempt; throws 429 (with Retry-After) when the pair, IP or account is over its limit. */
    async begin(attempt: SignInAttempt): Promise<void> {
      const keys = keysOf(attempt);
      const [pair, ...others] = await Promise.all([
        pairs.hit(keys.pair),
        ...(attempt.knownDevice ? [] : [ips.hit(keys.ip), accounts.hit(keys.account)]),
      ]);
      if (pair && !pair.allowed && pair.used === limits.pairFailures + 1) {
        // The pair just crossed its limit: wait one window, then two, four… up to the maximum.
        const blocks = (await pairBlocks.hit(keys.pair)).used;
        const seconds = Math.min(windowSeconds * 2 ** (blocks - 1), limits.maxBlockSeconds);
        await pairs.block(keys.pair, seconds);
        throw new TooManyFailedSignInsError(seconds);
      }
      const over = [pair, ...others].filter((state): state is RateLimitState => !!state && !state.allowed);
      if (over.length > 0) throw new TooManyFailedSignInsError(retryAfter(over));
    },
    /** A correct password: the pair starts afresh and the IP and account get their count back. */
    async succeeded(attempt: SignInAttempt): Promise<void> {
      const keys = keysOf(attempt);
      await Promise.all([
        pairs.reset(keys.pair),
        ...(attempt.knownDevice ? [] : [ips.refund(keys.ip), accounts.reset(keys.account)]),
      ]);
    },
    /**
     * A password reset proves the owner: their account's failures are forgotten, and so is the
     * block on the account from the IP the reset came from (with the growing blocks behind it) —
     * someone who guessed at their own password, was blocked and reset it signs in at once. A
     * guesser at another IP keeps their block.
     */
    async clearAccount(email: string, ip: string): Promise<void> {
      const keys = keysOf({ email, ip, knownDevice: false });
      await Promise.all([accounts.reset(keys.account), pairs.reset(keys.pair), pairBlocks.reset(keys.pair)]);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
