import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger, createService, type App } from '@listready/service-kit';
import { buildGateway } from './app.ts';
import { serviceFor } from './routes-table.ts';

const logger = createLogger('test', 'silent');

/** A real upstream service on a loopback port that echoes what reached it. */
async function startUpstream(name: string, ready = true): Promise<{ app: App; url: string }> {
  const app = createService({ name, logger, readiness: { self: async () => ({ ok: ready }) } });
  app.post(
    '/api/register',
    { schema: { body: z.object({ email: z.email('Please enter a valid email address') }) } },
    async (request) => ({
      service: name,
      email: request.body.email,
      requestId: request.id,
    }),
  );
  app.get('/api/clients/current/tasks', async (request) => ({ service: name, query: request.query }));
  app.get('/api/auth/session', async (_request, reply) => {
    void reply.header('cache-control', 'private, max-age=300');
    return { service: name };
  });
  app.get('/api/auth/user', async (request) => ({
    ip: request.ip,
    forwardedFor: request.headers['x-forwarded-for'],
  }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: address };
}

describe('gateway', () => {
  let auth: { app: App; url: string };
  let journey: { app: App; url: string };
  let gateway: App;

  beforeAll(async () => {
    auth = await startUpstream('auth');
    journey = await startUpstream('journey', false);
    gateway = await buildGateway({
      logger,
      serveFrontend: false,
      production: false,
      trustProxyHops: 0,
      shellDir: '/nonexistent',
      remotes: [],
      services: { auth: auth.url, journey: journey.url, branding: 'http://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await auth.app.close();
    await journey.app.close();
  });

  it('routes each API path to its service, passing body, query and request id', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'a@b.co' },
      headers: { 'x-request-id': 'trace-me' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ service: 'auth', email: 'a@b.co', requestId: 'trace-me' });
    const tasks = await gateway.inject({ method: 'GET', url: '/api/clients/current/tasks?stage=declutter' });
    expect(tasks.json()).toEqual({ service: 'journey', query: { stage: 'declutter' } });
    expect(tasks.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks API answers no-store unless the service chose a cache policy; a NUL in the body reaches the service', async () => {
    const tasks = await gateway.inject({ method: 'GET', url: '/api/clients/current/tasks' });
    expect(tasks.headers['cache-control']).toBe('no-store');
    const kept = await gateway.inject({ method: 'GET', url: '/api/auth/session' });
    expect(kept.headers['cache-control']).toBe('private, max-age=300');
    // The body streams through unread: the service refuses it, naming the field.
    const nul = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'a\u0000@b.co' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues).toEqual([{ path: 'email', message: 'Must not contain control characters' }]);
  });

  it('answers a bad percent-encoding or an over-long path in the error shape, naming no internals', async () => {
    const long = await gateway.inject({ method: 'GET', url: `/api/agents/${'a'.repeat(5_000)}/stats` });
    expect(long.statusCode).toBeLessThan(500);
    expect(JSON.stringify(long.json())).not.toContain('FST_');
    const param = await gateway.inject({ method: 'GET', url: '/api/agents/%00/stats' });
    expect(param.statusCode).toBe(400);
  });

  it('refuses a state-changing request from another site (Sec-Fetch-Site, or Origin without it) with 403', async () => {
    const post = (headers: Record<string, string>) =>
      gateway.inject({ method: 'POST', url: '/api/register', payload: { email: 'a@b.co' }, headers });
    expect((await post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' })).statusCode).toBe(
      200,
    );
    expect((await post({ origin: 'http://localhost:3001', host: 'localhost:8080' })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
    // Reads stay open: a cross-site GET cannot change anything (and reads are no-store).
    const read = await gateway.inject({
      method: 'GET',
      url: '/api/clients/current/tasks',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('forwards a request that asked Expect: 100-continue (undici refuses the header: it was a 503)', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'a@b.co' },
      headers: { expect: '100-continue' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ service: 'auth', email: 'a@b.co' });
  });

  it("passes the service's validation answer through unchanged", async () => {
    const malformed = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'MALFORMED_JSON' });
    const invalid = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it("tells services the client's real address, ignoring a forged X-Forwarded-For", async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    expect(response.json()).toEqual({ ip: '198.51.100.7', forwardedFor: '198.51.100.7' });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found: GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  it('answers 503 when the owning service is absent or down', async () => {
    const absent = await gateway.inject({ method: 'GET', url: '/api/analytics/stats' });
    expect(absent.statusCode).toBe(503);
    expect(absent.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const down = await gateway.inject({ method: 'GET', url: '/api/branding/current' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: 'The branding service is not available',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it("reports every service's readiness in /api/health", async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const body = response.json<{ status: string; services: Record<string, { ok: boolean }> }>();
    expect(body.status).toBe('unavailable');
    expect(body.services.auth?.ok).toBe(true);
    expect(body.services.journey?.ok).toBe(false);
    expect(body.services.branding?.ok).toBe(false);
  });
});

describe('route table', () => {
  it.each([
    ['/api/login', 'auth'],
    ['/api/auth/user', 'auth'],
    ['/api/auth/session', 'auth'],
    ['/api/auth/password-reset-request', 'auth'],
    ['/api/agents/current', 'auth'],
    ['/api/agents/a1/branding', 'branding'],
    ['/api/branding/current', 'branding'],
    ['/api/agents/a1/stats', 'journey'],
    ['/api/agents/a1/clients', 'journey'],
    ['/api/clients/current/custom-tasks/x', 'journey'],
    ['/api/client-tasks/t1', 'journey'],
    ['/api/user-groups/join', 'journey'],
    ['/api/invitations', 'invitation'],
    ['/api/accept-invitation', 'invitation'],
    ['/api/google-oauth-callback', 'invitation'],
    ['/api/analytics/realtime', 'analytics'],
    ['/api/loginx', undefined],
    ['/api/agents/a1/secrets', undefined],
  ])('%s → %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });
});

describe('gateway with the front end', () => {
  it('puts page security headers on pages but not on API answers', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const shellDir = mkdtempSync(path.join(tmpdir(), 'shell-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>ListReady</title>');
    const upstream = await startUpstream('journey');
    const gateway = await buildGateway({
      logger,
      serveFrontend: true,
      production: false,
      trustProxyHops: 0,
      shellDir,
      remotes: [],
      services: { journey: upstream.url },
    });
    try {
      const page = await gateway.inject({ method: 'GET', url: '/journey', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      const api = await gateway.inject({ method: 'GET', url: '/api/clients/current/tasks' });
      expect(api.statusCode).toBe(200);
      expect(api.headers['content-security-policy']).toBeUndefined();
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await gateway.close();
      await upstream.app.close();
    }
  });
});
