import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithEngine, testRedisUrl } from '@listready/testing';
import { createCache, createMemoryCache, type Cache } from './cache.ts';
import { createRateLimit } from './rate-limit.ts';

/** The behaviour both stores share. `twoReplicas` gives two caches that should count together. */
function rateLimitContract(twoReplicas: () => [Cache, Cache]) {
  const name = () => `test-${randomUUID()}`;

  it('counts hits in a window, allows up to the limit, and says when to come back', async () => {
    const [cache] = twoReplicas();
    const limit = createRateLimit(cache, { name: name(), points: 3, windowSeconds: 60 });
    expect(await limit.peek('k')).toEqual({ used: 0, allowed: true, retryAfterSeconds: 0 });
    for (const used of [1, 2, 3]) expect(await limit.hit('k')).toMatchObject({ used, allowed: true });
    const over = await limit.hit('k');
    expect(over).toMatchObject({ used: 4, allowed: false });
    expect(over.retryAfterSeconds).toBeGreaterThan(55);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limit.peek('k')).used).toBe(4);
    expect((await limit.peek('other')).used).toBe(0);
    await limit.reset('k');
    expect((await limit.peek('k')).used).toBe(0);
  });

  it('counts 50 concurrent hits exactly once each', async () => {
    const [cache] = twoReplicas();
    const limit = createRateLimit(cache, { name: name(), points: 10, windowSeconds: 60 });
    const results = await Promise.all(Array.from({ length: 50 }, () => limit.hit('burst')));
    expect(results.filter((state) => state.allowed)).toHaveLength(10);
    expect((await limit.peek('burst')).used).toBe(50);
  });

  it('refunds a hit, and blocks a key beyond its window', async () => {
    const [cache] = twoReplicas();
    const limit = createRateLimit(cache, { name: name(), points: 2, windowSeconds: 60 });
    await limit.hit('k');
    await limit.hit('k');
    await limit.refund('k');
    expect(await limit.peek('k')).toMatchObject({ used: 1, allowed: true });
    await limit.block('k', 600);
    const blocked = await limit.peek('k');
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(590);
  });

  it('the window ends: counting starts again', async () => {
    const [cache] = twoReplicas();
    const limit = createRateLimit(cache, { name: name(), points: 1, windowSeconds: 1 });
    await limit.hit('k');
    expect((await limit.hit('k')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limit.hit('k')).toMatchObject({ used: 1, allowed: true });
  });
}

describe('rate limits in memory', () => {
  rateLimitContract(() => [createMemoryCache(), createMemoryCache()]);
});

describe('rate limits while Redis is away', () => {
  it('count in this process instead of failing every call', async () => {
    // Nothing listens on port 1: every Redis command fails after the client's retries.
    const cache = createCache({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'listready-test:' });
    try {
      const limit = createRateLimit(cache, { name: `down-${randomUUID()}`, points: 2, windowSeconds: 60 });
      expect(await limit.hit('k')).toMatchObject({ used: 1, allowed: true });
      expect(await limit.hit('k')).toMatchObject({ used: 2, allowed: true });
      expect(await limit.hit('k')).toMatchObject({ used: 3, allowed: false });
    } finally {
      await cache.close();
    }
  });
});

describeWithEngine('redis', 'rate limits on Redis', () => {
  const caches: Cache[] = [];
  afterAll(async () => {
    for (const cache of caches) await cache.close();
  });
  const redis = () => {
    const cache = createCache({ redisUrl: testRedisUrl() ?? undefined, keyPrefix: 'listready-test:' });
    caches.push(cache);
    return cache;
  };
  rateLimitContract(() => [redis(), redis()]);

  it('two replicas count together', async () => {
    const [first, second] = [redis(), redis()];
    const name = `shared-${randomUUID()}`;
    const a = createRateLimit(first, { name, points: 2, windowSeconds: 60 });
    const b = createRateLimit(second, { name, points: 2, windowSeconds: 60 });
    await a.hit('k');
    await b.hit('k');
    expect(await a.hit('k')).toMatchObject({ used: 3, allowed: false });
  });
});
