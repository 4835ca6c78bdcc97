import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandingConfigs } from '@listready/db';
import { createCache, createMemoryCache, type Cache } from '@listready/service-kit';
import { describeWithEngine, testRedisUrl, useTestDatabase } from '@listready/testing';
import { as, startTestBrandingService, type TestBrandingService } from '../testing/test-branding-service.ts';

/** The same behaviour on the memory cache and on Redis (replicas share the latter). */
function brandingCacheContract(makeCache: () => Cache) {
  const database = useTestDatabase();
  let branding: TestBrandingService;
  let cache: Cache;

  beforeAll(async () => {
    cache = makeCache();
    branding = await startTestBrandingService(database.current, { deps: { cache } });
  });
  afterAll(async () => {
    await branding.stop();
    await cache.close();
  });

  it('reads come from the cache, and a save empties it for that agent (the seller’s current branding included)', async () => {
    const agent = await branding.signUp('agent');
    const seller = await branding.signUp('client', { linkedAgentId: agent.agentId });
    const request = (user: typeof agent, method: 'GET' | 'PUT', url: string, payload?: object) =>
      branding.app.inject({ method, url, ...(payload ? { payload } : {}), ...as(user) });
    const own = `/api/agents/${agent.agentId}/branding`;
    const companyOf = async (user: typeof agent, url: string) =>
      (await request(user, 'GET', url)).json<{ companyName: string }>().companyName;

    await request(agent, 'PUT', own, { companyName: 'Cached Realty' });
    expect(await companyOf(agent, own)).toBe('Cached Realty');
    expect(await companyOf(seller, '/api/branding/current')).toBe('Cached Realty');

    // Changed behind the service's back: the cached answer is still served…
    await database.current.db
      .update(brandingConfigs)
      .set({ companyName: 'Changed Underneath' })
      .where(eq(brandingConfigs.agentId, agent.agentId ?? ''));
    expect(await companyOf(agent, own)).toBe('Cached Realty');
    expect(await companyOf(seller, '/api/branding/current')).toBe('Cached Realty');
    expect(await cache.get(`branding:agent:${agent.agentId}`)).toContain('Cached Realty');

    // …until a save, which empties it: everyone reads the new branding at once.
    await request(agent, 'PUT', own, { companyName: 'Saved Realty', primaryColor: '#0f766e' });
    expect(await cache.get(`branding:agent:${agent.agentId}`)).toBeNull();
    expect((await request(seller, 'GET', '/api/branding/current')).json()).toMatchObject({
      companyName: 'Saved Realty',
      primaryColor: '#0F766E',
    });
    expect(await companyOf(agent, own)).toBe('Saved Realty');
  });

  it('an agent’s defaults are cached too, and the first save replaces them', async () => {
    const agent = await branding.signUp('agent');
    const own = `/api/agents/${agent.agentId}/branding`;
    expect((await branding.app.inject({ method: 'GET', url: own, ...as(agent) })).json()).toMatchObject({
      companyName: '',
    });
    expect(await cache.get(`branding:agent:${agent.agentId}`)).toContain('"saved":false');
    await branding.app.inject({
      method: 'PUT',
      url: own,
      payload: { companyName: 'First Save' },
      ...as(agent),
    });
    expect((await branding.app.inject({ method: 'GET', url: own, ...as(agent) })).json()).toMatchObject({
      companyName: 'First Save',
    });
  });
}

describe('branding cache in memory', () => {
  brandingCacheContract(() => createMemoryCache());
});

describeWithEngine('redis', 'branding cache on Redis', () => {
  brandingCacheContract(() =>
    createCache({ redisUrl: testRedisUrl() ?? undefined, keyPrefix: `listready-test:${randomUUID()}:` }),
  );
});
