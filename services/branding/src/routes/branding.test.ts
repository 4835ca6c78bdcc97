import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBrandingSchema, currentBrandingSchema, DEFAULT_BRANDING_COLORS } from '@listready/contracts';
import { brandingConfigs } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import { solidPng } from '../testing/images.ts';
import {
  as,
  multipartBody,
  startTestBrandingService,
  type TestBrandingService,
  type TestUser,
} from '../testing/test-branding-service.ts';

describe('agent branding and current branding', () => {
  const database = useTestDatabase();
  let branding: TestBrandingService;

  beforeAll(async () => {
    branding = await startTestBrandingService(database.current);
  });
  afterAll(() => branding.stop());

  const read = (agent: TestUser) =>
    branding.app.inject({ method: 'GET', url: `/api/agents/${agent.agentId}/branding`, ...as(agent) });
  const save = (agent: TestUser, payload: object) =>
    branding.app.inject({
      method: 'PUT',
      url: `/api/agents/${agent.agentId}/branding`,
      payload,
      ...as(agent),
    });
  const current = (user: TestUser) =>
    branding.app.inject({ method: 'GET', url: '/api/branding/current', ...as(user) });
  const rowsOf = (agentId: string | null) =>
    database.current.db
      .select()
      .from(brandingConfigs)
      .where(eq(brandingConfigs.agentId, agentId ?? ''));
  const upload = async (agent: TestUser, color: string) => {
    const response = await branding.app.inject({
      method: 'POST',
      url: '/api/branding/logos',
      ...multipartBody({ name: 'logo.png', type: 'image/png', data: solidPng(200, 80, color) }),
      ...as(agent),
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { url: string }).url;
  };

  it('an agent who never saved reads the spec defaults with an empty company name, and the read writes nothing', async () => {
    const agent = await branding.signUp('agent');
    const response = await read(agent);
    expect(response.statusCode).toBe(200);
    expect(agentBrandingSchema.parse(response.json())).toEqual({
      agentId: agent.agentId,
      companyName: '',
      agentName: null,
      ...DEFAULT_BRANDING_COLORS,
      customDomain: null,
      brokerageLogo: null,
      agentLogo: null,
      logoUrl: null,
    });
    expect(await rowsOf(agent.agentId)).toEqual([]);
    expect(currentBrandingSchema.parse((await current(agent)).json())).toEqual({
      logoUrl: null,
      companyName: null,
      primaryColor: '#9333EA',
      backgroundColor: '#000000',
      headerBackgroundColor: '#000000',
      navigationBackgroundColor: '#000000',
    });
  });

  it('a save trims and normalises, keeps one row per agent, and is what the next read and current branding answer', async () => {
    const agent = await branding.signUp('agent');
    const logo = await upload(agent, '#336699');
    const first = await save(agent, {
      agentId: agent.agentId,
      companyName: '  Harbor Homes ',
      primaryColor: '#7c3aed',
      headerBackgroundColor: '#1e3a8a',
      customDomain: ' Homes.Harbor.Example ',
      brokerageLogo: logo,
      agentLogo: null,
    });
    expect(first.statusCode).toBe(200);
    const saved = agentBrandingSchema.parse(first.json());
    expect(saved).toMatchObject({
      companyName: 'Harbor Homes',
      agentName: 'Harbor Homes',
      primaryColor: '#7C3AED',
      secondaryColor: '#10B981',
      headerBackgroundColor: '#1E3A8A',
      customDomain: 'homes.harbor.example',
      brokerageLogo: logo,
      logoUrl: logo,
    });
    expect(agentBrandingSchema.parse((await read(agent)).json())).toEqual(saved);

    const second = await save(agent, { companyName: 'Harbor Realty', agentName: 'Ann Lee', agentLogo: logo });
    expect(agentBrandingSchema.parse(second.json())).toMatchObject({
      companyName: 'Harbor Realty',
      agentName: 'Ann Lee',
      primaryColor: '#9333EA',
      customDomain: null,
      brokerageLogo: null,
      agentLogo: logo,
      logoUrl: logo,
    });
    expect(await rowsOf(agent.agentId)).toHaveLength(1);
    expect(currentBrandingSchema.parse((await current(agent)).json())).toEqual({
      logoUrl: logo,
      companyName: 'Harbor Realty',
      primaryColor: '#9333EA',
      backgroundColor: '#000000',
      headerBackgroundColor: '#000000',
      navigationBackgroundColor: '#000000',
    });
  });

  it('bad input is a 400 naming the field, and nothing is saved', async () => {
    const agent = await branding.signUp('agent');
    const cases: [object, string, string][] = [
      [{ companyName: '   ' }, 'companyName', 'Company name is required'],
      [
        { companyName: 'A', accentColor: 'orange' },
        'accentColor',
        'Accent color must be a colour in #RRGGBB form, like #F59E0B',
      ],
      [
        { companyName: 'A', customDomain: 'https://a.example.com/x' },
        'customDomain',
        'Custom domain must be a host name like homes.example.com (no https:// and no path)',
      ],
      [
        { companyName: 'A', brokerageLogo: 'https://elsewhere.example.com/logo.png' },
        'brokerageLogo',
        'Brokerage logo must be a logo uploaded to ListReady',
      ],
      [
        { companyName: 'A', agentLogo: `/api/branding/logos/${'0'.repeat(64)}.png` },
        'agentLogo',
        'Agent logo was not found: upload it again',
      ],
      [{ companyName: 'A', agentId: 'someone-else' }, 'agentId', 'agentId must be the agent of the address'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await save(agent, payload);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject({ message, issues: [{ path, message }] });
    }
    const malformed = await branding.app.inject({
      method: 'PUT',
      url: `/api/agents/${agent.agentId}/branding`,
      headers: { 'content-type': 'application/json' },
      payload: '{"companyName":',
      ...as(agent),
    });
    expect(malformed.statusCode).toBe(400);
    expect(await rowsOf(agent.agentId)).toEqual([]);
  });

  it('a seller sees the linked agent’s branding; an unlinked seller the defaults', async () => {
    const agent = await branding.signUp('agent');
    const linked = await branding.signUp('client', { linkedAgentId: agent.agentId });
    const alone = await branding.signUp('client');
    expect((await current(linked)).json()).toMatchObject({ companyName: null, logoUrl: null });

    await save(agent, { companyName: 'Maple & Co', navigationBackgroundColor: '#14532d' });
    expect(currentBrandingSchema.parse((await current(linked)).json())).toEqual({
      logoUrl: null,
      companyName: 'Maple & Co',
      primaryColor: '#9333EA',
      backgroundColor: '#000000',
      headerBackgroundColor: '#000000',
      navigationBackgroundColor: '#14532D',
    });
    expect((await current(alone)).json()).toMatchObject({
      companyName: null,
      navigationBackgroundColor: '#000000',
    });
  });

  it('reads carry a validator: the browser checks again each time and gets 304 while nothing changed', async () => {
    const agent = await branding.signUp('agent');
    await save(agent, { companyName: 'Etag Homes' });
    for (const url of [`/api/agents/${agent.agentId}/branding`, '/api/branding/current']) {
      const first = await branding.app.inject({ method: 'GET', url, ...as(agent) });
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await branding.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': etag },
        ...as(agent),
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const before = String((await current(agent)).headers.etag);
    await save(agent, { companyName: 'Etag Homes 2' });
    const after = await branding.app.inject({
      method: 'GET',
      url: '/api/branding/current',
      headers: { 'if-none-match': before },
      ...as(agent),
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ companyName: 'Etag Homes 2' });
  });

  it('another agent’s branding, an unknown agent and a seller are 403; signed out is 401', async () => {
    const agent = await branding.signUp('agent');
    const other = await branding.signUp('agent');
    const seller = await branding.signUp('client', { linkedAgentId: agent.agentId });
    const url = `/api/agents/${agent.agentId}/branding`;
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { companyName: 'Hijack' } : undefined;
      expect((await branding.app.inject({ method, url, payload, ...as(other) })).json()).toMatchObject({
        code: 'BRANDING_NOT_YOURS',
      });
      expect((await branding.app.inject({ method, url, payload, ...as(seller) })).statusCode).toBe(403);
      expect(
        (await branding.app.inject({ method, url: '/api/agents/nobody/branding', payload, ...as(agent) }))
          .statusCode,
      ).toBe(403);
      expect((await branding.app.inject({ method, url, payload })).json()).toEqual({
        message: 'Unauthorized',
        code: 'UNAUTHORIZED',
      });
    }
    // Refused before the body is read: another agent's bad input is still a 403.
    expect((await branding.app.inject({ method: 'PUT', url, payload: {}, ...as(other) })).statusCode).toBe(
      403,
    );
    expect((await branding.app.inject({ method: 'GET', url: '/api/branding/current' })).statusCode).toBe(401);
    expect(await rowsOf(agent.agentId)).toEqual([]);
  });

  it('`current` names the signed-in agent’s own branding: read and saved without knowing the id', async () => {
    const agent = await branding.signUp('agent');
    const other = await branding.signUp('agent');
    const seller = await branding.signUp('client', { linkedAgentId: agent.agentId });
    const viaCurrent = (user: TestUser, method: 'GET' | 'PUT', payload?: object) =>
      branding.app.inject({
        method,
        url: '/api/agents/current/branding',
        ...(payload ? { payload } : {}),
        ...as(user),
      });

    const saved = await viaCurrent(agent, 'PUT', { companyName: 'Current Realty', agentId: agent.agentId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ agentId: agent.agentId, companyName: 'Current Realty' });
    expect(await rowsOf(agent.agentId)).toHaveLength(1);
    expect((await read(agent)).json()).toMatchObject({ companyName: 'Current Realty' });
    expect((await viaCurrent(agent, 'GET')).json()).toMatchObject({
      agentId: agent.agentId,
      companyName: 'Current Realty',
    });

    // Each agent's `current` is their own; an id in the body must still be the address's agent.
    expect((await viaCurrent(other, 'GET')).json()).toMatchObject({
      agentId: other.agentId,
      companyName: '',
    });
    const mismatch = await viaCurrent(other, 'PUT', { companyName: 'Taken', agentId: agent.agentId });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ issues: [{ path: 'agentId' }] });
    expect(await rowsOf(other.agentId)).toEqual([]);

    expect((await viaCurrent(seller, 'GET')).statusCode).toBe(403);
    expect((await viaCurrent(seller, 'PUT', { companyName: 'Mine' })).statusCode).toBe(403);
    const anonymous = await branding.app.inject({ method: 'GET', url: '/api/agents/current/branding' });
    expect(anonymous.statusCode).toBe(401);
    expect((await read(agent)).json()).toMatchObject({ companyName: 'Current Realty' });
  });
});
