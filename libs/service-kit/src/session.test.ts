import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createService, type App } from './create-service.ts';
import {
  createSessionCodec,
  requireRole,
  requireUser,
  resolveSessionSecret,
  SESSION_COOKIE,
  sessionPlugin,
} from './session.ts';

const secret = 'x'.repeat(48);

describe('session codec', () => {
  it('round-trips a user and rejects tampering, other keys and expiry', async () => {
    const codec = createSessionCodec(secret);
    const token = await codec.sign({ id: 'u1', role: 'agent', sessionId: 's1' });
    expect(await codec.verify(token)).toEqual({ id: 'u1', role: 'agent', sessionId: 's1' });
    expect(await codec.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(await createSessionCodec('y'.repeat(48)).verify(token)).toBeNull();
    expect(
      await codec.verify(await codec.sign({ id: 'u1', role: 'agent', sessionId: 's1' }, -10)),
    ).toBeNull();
    expect(await codec.verify('garbage')).toBeNull();
  });
});

describe('resolveSessionSecret', () => {
  it('prefers the configured secret, else generates one and keeps it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    expect(resolveSessionSecret('configured', dir)).toBe('configured');
    const generated = resolveSessionSecret(undefined, dir);
    expect(generated.length).toBeGreaterThanOrEqual(48);
    expect(resolveSessionSecret(undefined, dir)).toBe(generated);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(generated);
  });
});

describe('sessionPlugin', () => {
  let app: App | undefined;
  afterEach(async () => app?.close());
  const codec = createSessionCodec(secret);
  const revoked = new Set<string>();

  async function build() {
    app = createService({ name: 'test', logger: pino({ level: 'silent' }) });
    await app.register(sessionPlugin, {
      codec,
      isSessionActive: async (sessionId) => !revoked.has(sessionId),
    });
    app.get('/me', async (request) => requireUser(request));
    app.get('/agents-only', async (request) => requireRole(request, 'agent'));
    return app;
  }

  it('reads the signed-in user, and 401 without or with a revoked session', async () => {
    const server = await build();
    const token = await codec.sign({ id: 'u1', role: 'client', sessionId: 's-live' });
    const me = await server.inject({ url: '/me', cookies: { [SESSION_COOKIE]: token } });
    expect(me.json()).toEqual({ id: 'u1', role: 'client', sessionId: 's-live' });
    expect((await server.inject({ url: '/me' })).json()).toEqual({
      message: 'Unauthorized',
      code: 'UNAUTHORIZED',
    });
    revoked.add('s-live');
    expect((await server.inject({ url: '/me', cookies: { [SESSION_COOKIE]: token } })).statusCode).toBe(401);
  });

  it('answers 403 for the wrong role', async () => {
    const server = await build();
    const token = await codec.sign({ id: 'u2', role: 'client', sessionId: 's2' });
    const response = await server.inject({ url: '/agents-only', cookies: { [SESSION_COOKIE]: token } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
