import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, type Database } from '@listready/db';
import type { Cache } from './cache.ts';

/**
 * The read side of session revocation, used by every service on every signed-in request: is this
 * session id still live for this user? The answer comes from `auth.sessions` (not revoked, not
 * expired) and is cached for a short time. services/auth, which owns the table, revokes rows and
 * then calls `invalidate`, so a logout or a password reset takes effect at once wherever the cache
 * is shared (Redis, or the one-process runtime's memory cache).
 */
export interface SessionStore {
  isActive(sessionId: string, userId: string): Promise<boolean>;
  /** After the sessions were revoked in the database: replace their cached answers by "revoked". */
  invalidate(sessionIds: readonly string[]): Promise<void>;
}

export interface SessionStoreOptions {
  database: Pick<Database, 'db'>;
  cache: Cache;
  /** How long an answer is trusted without asking the database (default 30 s). */
  cacheTtlSeconds?: number;
  /** Called when the cache fails; the store then answers from the database alone. */
  onCacheError?: (error: unknown) => void;
}

const REVOKED = '-';
const cacheKey = (sessionId: string) => `session:${sessionId}`;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { db } = options.database;
  const ttl = options.cacheTtlSeconds ?? 30;
  const onCacheError = options.onCacheError ?? (() => undefined);

  async function fromCache<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      onCacheError(error);
      return fallback;
    }
  }

  async function lookUp(sessionId: string): Promise<{ userId: string; secondsLeft: number } | null> {
    const [row] = await db
      .select({
        userId: sessions.userId,
        secondsLeft: sql<number>`extract(epoch from (${sessions.expire} - now()))::float8`,
      })
      .from(sessions)
      .where(and(eq(sessions.sid, sessionId), isNull(sessions.revokedAt), gt(sessions.expire, sql`now()`)))
      .limit(1);
    return row ?? null;
  }

  return {
    async isActive(sessionId, userId) {
      const key = cacheKey(sessionId);
      const cached = await fromCache(() => options.cache.get(key), null);
      if (cached !== null) return cached === userId;
      const live = await lookUp(sessionId);
      if (!live) {
        await fromCache(() => options.cache.set(key, REVOKED, ttl), undefined);
        return false;
      }
      // `add`, not `set`: if a revocation wrote its tombstone while we read, the tombstone wins.
      const seconds = Math.min(ttl, Math.floor(live.secondsLeft));
      if (seconds >= 1) await fromCache(() => options.cache.add(key, live.userId, seconds), false);
      return live.userId === userId;
    },
    async invalidate(sessionIds) {
      // Outlives any positive entry written by a read that raced with the revocation. Should the
      // cache fail here, a cached "live" answer can survive at most one TTL.
      await Promise.all(
        sessionIds.map((sessionId) =>
          fromCache(() => options.cache.set(cacheKey(sessionId), REVOKED, ttl * 2), undefined),
        ),
      );
    },
  };
}
