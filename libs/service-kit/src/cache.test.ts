import { randomUUID } from 'node:crypto';
import { createServer, connect, type Socket } from 'node:net';
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

  it('fails commands at once while a Redis it was connected to is away, and works again when it is back', async () => {
    // A TCP hop in front of the test Redis that can drop every connection and refuse new ones.
    const target = new URL(testRedisUrl() ?? 'redis://127.0.0.1:6379');
    const sockets = new Set<Socket>();
    let up = true;
    const hop = createServer((client) => {
      if (!up) return client.destroy();
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
    const port = (hop.address() as { port: number }).port;
    const cache = createCache({ redisUrl: `redis://127.0.0.1:${port}`, keyPrefix: 'listready-test:' });
    caches.push(cache);
    try {
      const key = `away-${randomUUID()}`;
      await cache.set(key, 'v', 60);
      up = false;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const started = performance.now();
        await expect(cache.get(key)).rejects.toThrow();
        expect(performance.now() - started).toBeLessThan(1_000);
      }
      up = true;
      await expect.poll(() => cache.get(key).catch(() => 'failed'), { timeout: 10_000 }).toBe('v');
    } finally {
      hop.close();
      for (const socket of sockets) socket.destroy();
    }
  });

  it('is a Redis connection, exposed for the rate limiters', async () => {
    const cache = createCache({ redisUrl: testRedisUrl() ?? undefined, keyPrefix: 'listready-test:' });
    caches.push(cache);
    expect(cache.kind).toBe('redis');
    expect(await cache.redis?.ping()).toBe('PONG');
  });
});
