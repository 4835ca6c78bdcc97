import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithEngine, testRedisUrl } from '@listready/testing';
import { createCache, createMemoryCache, type Cache } from './cache.ts';

/** The behaviour both engines share; `advance` moves time past an expiry. */
function cacheContract(make: () => Cache, advance: (seconds: number) => Promise<void>) {
  const key = () => `test:${randomUUID()}`;

  it('stores, reads and deletes values', async () => {
    const cache = make();
    const name = key();
    expect(await cache.get(name)).toBeNull();
    await cache.set(name, 'one', 60);
    expect(await cache.get(name)).toBe('one');
    await cache.del(name);
    expect(await cache.get(name)).toBeNull();
  });

  it('adds only when absent', async () => {
    const cache = make();
    const name = key();
    expect(await cache.add(name, 'first', 60)).toBe(true);
    expect(await cache.add(name, 'second', 60)).toBe(false);
    expect(await cache.get(name)).toBe('first');
  });

  it('expires values', async () => {
    const cache = make();
    const name = key();
    await cache.set(name, 'short', 1);
    await advance(1.2);
    expect(await cache.get(name)).toBeNull();
  });
}

describe('memory cache', () => {
  let time = 1_000_000;
  const cache = createMemoryCache({ now: () => time });
  cacheContract(
    () => cache,
    async (seconds) => {
      time += seconds * 1000;
    },
  );

  it('is one instance per process when no Redis is configured', () => {
    expect(createCache({})).toBe(createCache({ redisUrl: undefined }));
    expect(createCache({}).kind).toBe('memory');
  });
});

describeWithEngine('redis', 'redis cache', () => {
  const caches: Cache[] = [];
  afterAll(async () => {
    for (const cache of caches) await cache.close();
  });
  cacheContract(
    () => {
      const cache = createCache({ redisUrl: testRedisUrl() ?? undefined, keyPrefix: 'listready-test:' });
      caches.push(cache);
      return cache;
    },
    (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
  );

  it('is a Redis connection, exposed for the rate limiters', async () => {
    const cache = createCache({ redisUrl: testRedisUrl() ?? undefined, keyPrefix: 'listready-test:' });
    caches.push(cache);
    expect(cache.kind).toBe('redis');
    expect(await cache.redis?.ping()).toBe('PONG');
  });
});
