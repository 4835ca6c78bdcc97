import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@listready/db';
import { describeWithEngine, testRedisUrl, useTestDatabase } from '@listready/testing';
import { createCache, createMemoryCache, type Cache } from './cache.ts';
import { createSessionStore } from './session-store.ts';

const HOUR = 60 * 60 * 1000;

function sessionStoreContract(makeCache: () => Cache, name: string) {
  describe(name, () => {
    const database = useTestDatabase();
    let cache: Cache;
    let userId: string;
    beforeAll(async () => {
      cache = makeCache();
      const [user] = await database.current.db
        .insert(users)
        .values({
          email: `${randomUUID()}@example.com`,
          password: 'scrypt$x',
          firstName: 'Ann',
          lastName: 'Lee',
        })
        .returning({ id: users.id });
      if (!user) throw new Error('no user inserted');
      userId = user.id;
    });
    afterAll(async () => cache.close());

    async function newSession(expire = new Date(Date.now() + HOUR)) {
      const sid = randomUUID();
      await database.current.db.insert(sessions).values({ sid, sess: {}, expire, userId });
      return sid;
    }
    const revokeInDatabase = (sids: string[]) =>
      database.current.db.update(sessions).set({ revokedAt: new Date() }).where(inArray(sessions.sid, sids));

    it('answers true only for a live session of that user', async () => {
      const store = createSessionStore({ database: database.current, cache });
      const sid = await newSession();
      expect(await store.isActive(sid, userId)).toBe(true);
      expect(await store.isActive(sid, 'someone-else')).toBe(false);
      expect(await store.isActive(randomUUID(), userId)).toBe(false);
      expect(await store.isActive(await newSession(new Date(Date.now() - 1000)), userId)).toBe(false);
    });

    it('sees a revocation at once after invalidate, even with the live answer cached', async () => {
      const store = createSessionStore({ database: database.current, cache, cacheTtlSeconds: 300 });
      const [one, two, other] = [await newSession(), await newSession(), await newSession()];
      for (const sid of [one, two, other]) expect(await store.isActive(sid, userId)).toBe(true);
      await revokeInDatabase([one, two]);
      // Cached: the database is not asked again within the TTL…
      expect(await store.isActive(one, userId)).toBe(true);
      // …until the owner of the table says the sessions were revoked.
      await store.invalidate([one, two]);
      expect(await store.isActive(one, userId)).toBe(false);
      expect(await store.isActive(two, userId)).toBe(false);
      expect(await store.isActive(other, userId)).toBe(true);
    });

    it('reads the database again once the cached answer expires', async () => {
      const store = createSessionStore({ database: database.current, cache, cacheTtlSeconds: 1 });
      const sid = await newSession();
      expect(await store.isActive(sid, userId)).toBe(true);
      await database.current.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.sid, sid));
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await store.isActive(sid, userId)).toBe(false);
    });

    it('falls back to the database when the cache fails', async () => {
      const broken: Cache = {
        ...createMemoryCache(),
        get: () => Promise.reject(new Error('cache down')),
        set: () => Promise.reject(new Error('cache down')),
        add: () => Promise.reject(new Error('cache down')),
      };
      const errors: unknown[] = [];
      const store = createSessionStore({
        database: database.current,
        cache: broken,
        onCacheError: (error) => errors.push(error),
      });
      const sid = await newSession();
      expect(await store.isActive(sid, userId)).toBe(true);
      await revokeInDatabase([sid]);
      await store.invalidate([sid]);
      expect(await store.isActive(sid, userId)).toBe(false);
      expect(errors.length).toBeGreaterThan(0);
    });
  });
}

describe('session store', () => {
  sessionStoreContract(() => createMemoryCache(), 'on the in-memory cache');
});

describeWithEngine('redis', 'session store on Redis', () => {
  sessionStoreContract(
    () =>
      createCache({ redisUrl: testRedisUrl() ?? undefined, keyPrefix: `listready-test:${randomUUID()}:` }),
    'on Redis',
  );
});
