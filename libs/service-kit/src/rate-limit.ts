import type { FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from './errors.ts';
import type { Cache } from './cache.ts';

export interface RateLimitOptions {
  /** Names the counters (`login:account`, `reset-mail`…), so limits never share keys. */
  name: string;
  /** How many hits a key may make within the window. */
  points: number;
  /** The window, in seconds (fixed: it starts at a key's first hit). */
  windowSeconds: number;
}

export interface RateLimitState {
  /** Hits counted in the current window. */
  used: number;
  /** True while `used` is within the limit. */
  allowed: boolean;
  /** Seconds until the window ends (0 when nothing is counted). */
  retryAfterSeconds: number;
}

export interface RateLimit {
  /** Counts one hit, atomically (Redis: one script; memory: one process). */
  hit(key: string): Promise<RateLimitState>;
  /** The key's state without counting. */
  peek(key: string): Promise<RateLimitState>;
  /** Takes back one hit (an attempt counted up front that turned out fine). */
  refund(key: string): Promise<void>;
  /** Holds the key over its limit for `seconds` (longer than a window: growing delays). */
  block(key: string, seconds: number): Promise<void>;
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>;
}

/**
 * Rate limits through rate-limiter-flexible: on Redis when the cache is Redis (every replica counts
 * together), in this process's memory otherwise (DESIGN.md §2).
 */
export function createRateLimit(cache: Cache, options: RateLimitOptions): RateLimit {
  const settings = {
    keyPrefix: `rate:${options.name}`,
    points: options.points,
    duration: options.windowSeconds,
  };
  // While Redis is away each process counts on its own (the library's insurance limiter), so a
  // Redis restart neither fails every sign-in nor lifts the limits.
  const limiter = cache.redis
    ? new RateLimiterRedis({
        ...settings,
        storeClient: cache.redis,
        insuranceLimiter: new RateLimiterMemory(settings),
      })
    : new RateLimiterMemory(settings);
  const stateOf = (result: RateLimiterRes | null): RateLimitState => {
    const used = result?.consumedPoints ?? 0;
    return {
      used,
      allowed: used <= options.points,
      retryAfterSeconds: result && used > 0 ? Math.max(1, Math.ceil(result.msBeforeNext / 1000)) : 0,
    };
  };
  return {
    async hit(key) {
      try {
        return stateOf(await limiter.consume(key));
      } catch (error) {
        // Over the limit is an answer (the count still went up); anything else is the store failing.
        if (error instanceof RateLimiterRes) return stateOf(error);
        throw error;
      }
    },
    peek: async (key) => stateOf(await limiter.get(key)),
    refund: async (key) => {
      await limiter.reward(key, 1);
    },
    block: async (key, seconds) => {
      await limiter.block(key, seconds);
    },
    reset: async (key) => {
      await limiter.delete(key);
    },
  };
}

/**
 * A route hook counting one hit per client IP (the gateway's X-Forwarded-For, see trustProxy):
 * past the limit, 429 with Retry-After and `message`. For unauthenticated calls that cost
 * something — a sign-up, a reset mail, a reset confirmation.
 */
export function limitPerIp(cache: Cache, options: RateLimitOptions & { message: string }) {
  const limit = createRateLimit(cache, options);
  return async (request: FastifyRequest): Promise<void> => {
    const state = await limit.hit(request.ip);
    if (!state.allowed) throw new RateLimitedError(options.message, state.retryAfterSeconds);
  };
}
