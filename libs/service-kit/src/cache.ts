import { Redis } from 'ioredis';

/** A counter after `increment`: its value and the seconds left in its window. */
export interface CounterState {
  count: number;
  ttlSeconds: number;
}

/**
 * The small key-value cache the platform needs: session answers, rate-limit counters. Redis when
 * `REDIS_URL` is set (replicas share it), memory otherwise (DESIGN.md §2). Values are strings and
 * every entry expires.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets only when the key is absent; true when it was set. */
  add(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  del(...keys: string[]): Promise<void>;
  /** Adds one to a counter; a new counter lives `windowSeconds` (a fixed window). */
  increment(key: string, windowSeconds: number): Promise<CounterState>;
  /** Reads a counter without changing it (count 0 when absent). */
  counter(key: string): Promise<CounterState>;
  /** Throws when the engine cannot be reached (readiness). */
  ping(): Promise<void>;
  /** Releases the connection (a no-op for the process-wide memory cache). */
  close(): Promise<void>;
}

export interface CacheOptions {
  /** redis:// URL; unset means the process-wide in-memory cache. */
  redisUrl?: string | undefined;
  /** Prefix for every key (Redis is often shared); default `listready:`. */
  keyPrefix?: string;
}

/**
 * `REDIS_URL` set: a new ioredis connection that the caller closes. Unset: the one in-memory cache
 * of this process, so the services of the one-process runtime share rate limits and session
 * revocations.
 */
export function createCache(options: CacheOptions = {}): Cache {
  if (options.redisUrl) return createRedisCache(options.redisUrl, options.keyPrefix ?? 'listready:');
  processCache ??= createMemoryCache({ shared: true });
  return processCache;
}
let processCache: Cache | undefined;

// INCR, then give a new (or TTL-less) counter its window; answers [count, ttl] in one round trip.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

function createRedisCache(url: string, keyPrefix: string): Cache {
  const redis = new Redis(url, {
    keyPrefix,
    // Fail a command fast rather than queue it for ever while Redis is away.
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
  });
  // Connection errors surface on the commands; an unhandled 'error' event would crash the process.
  redis.on('error', () => undefined);
  const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl));
  return {
    kind: 'redis',
    get: (key) => redis.get(key),
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, 'EX', seconds(ttlSeconds));
    },
    async add(key, value, ttlSeconds) {
      return (await redis.set(key, value, 'EX', seconds(ttlSeconds), 'NX')) === 'OK';
    },
    async del(...keys) {
      if (keys.length > 0) await redis.del(...keys);
    },
    async increment(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, key, seconds(windowSeconds))) as [
        number,
        number,
      ];
      return { count, ttlSeconds: ttl };
    },
    async counter(key) {
      const [value, ttl] = await Promise.all([redis.get(key), redis.ttl(key)]);
      const count = value === null ? 0 : Number.parseInt(value, 10) || 0;
      return { count, ttlSeconds: count === 0 ? 0 : Math.max(ttl, 0) };
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export interface MemoryCacheOptions {
  /** The clock, for tests of expiry. */
  now?: () => number;
  /** The process-wide instance ignores `close` (other services still use it). */
  shared?: boolean;
}

/** An in-memory cache with the same semantics; expired entries are dropped as they are met. */
export function createMemoryCache(options: MemoryCacheOptions = {}): Cache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: string; expiresAt: number }>();
  let writesSinceSweep = 0;

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const write = (key: string, value: string, ttlSeconds: number) => {
    entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
    // Bound memory: every so often drop whatever has expired without being read again.
    if (++writesSinceSweep >= 1_000) {
      writesSinceSweep = 0;
      const time = now();
      for (const [name, entry] of entries) if (entry.expiresAt <= time) entries.delete(name);
    }
  };
  const secondsLeft = (expiresAt: number) => Math.max(0, Math.ceil((expiresAt - now()) / 1000));

  return {
    kind: 'memory',
    get: async (key) => live(key)?.value ?? null,
    async set(key, value, ttlSeconds) {
      write(key, value, ttlSeconds);
    },
    async add(key, value, ttlSeconds) {
      if (live(key)) return false;
      write(key, value, ttlSeconds);
      return true;
    },
    async del(...keys) {
      for (const key of keys) entries.delete(key);
    },
    async increment(key, windowSeconds) {
      const entry = live(key);
      if (!entry) {
        write(key, '1', windowSeconds);
        return { count: 1, ttlSeconds: Math.ceil(windowSeconds) };
      }
      const count = (Number.parseInt(entry.value, 10) || 0) + 1;
      entry.value = String(count);
      return { count, ttlSeconds: secondsLeft(entry.expiresAt) };
    },
    async counter(key) {
      const entry = live(key);
      if (!entry) return { count: 0, ttlSeconds: 0 };
      return { count: Number.parseInt(entry.value, 10) || 0, ttlSeconds: secondsLeft(entry.expiresAt) };
    },
    ping: () => Promise.resolve(),
    async close() {
      if (!options.shared) entries.clear();
    },
  };
}
