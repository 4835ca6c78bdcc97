import { Redis } from 'ioredis';

/**
 * The small key-value cache the platform needs: session answers (rate limits: `createRateLimit`). Redis when
 * `REDIS_URL` is set (replicas share it), memory otherwise (DESIGN.md §2). Values are strings and
 * every entry expires.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  /** The Redis connection (null in memory), for rate-limiter-flexible's Redis store. */
  readonly redis: Redis | null;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets only when the key is absent; true when it was set. */
  add(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  del(...keys: string[]): Promise<void>;
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

function createRedisCache(url: string, keyPrefix: string): Cache {
  const redis = new Redis(url, {
    keyPrefix,
    // Fail a command fast rather than queue it for ever while Redis is away.
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
  });
  // Connection errors surface on the commands; an unhandled 'error' event would crash the process.
  redis.on('error', () => undefined);
  // Until the first connection, commands wait for it (start-up). After that a lost Redis fails them
  // at once and callers fall back (session check → database, rate limits → this process's count):
  // queued, each waited out the client's reconnect attempts, up to 10 s a command (measured), and
  // every request touching Redis stalled for the whole outage.
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl));
  return {
    kind: 'redis',
    redis,
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

  return {
    kind: 'memory',
    redis: null,
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
    ping: () => Promise.resolve(),
    async close() {
      if (!options.shared) entries.clear();
    },
  };
}
