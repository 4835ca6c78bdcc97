import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
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

  let clock = Math.floor(Date.now() / 1000);

  async function build() {
    clock = Math.floor(Date.now() / 1000);
    app = createService({ name: 'test', logger: pino({ level: 'silent' }) });
    await app.register(sessionPlugin, {
      codec,
      isSessionActive: async (sessionId) => !revoked.has(sessionId),
      now: () => clock,
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

  it('ends a session idle for 7 days, and slides it forward on use (same session, same absolute expiry)', async () => {
    const server = await build();
    clock = Math.floor(Date.now() / 1000);
    const token = await codec.sign({ id: 'u3', role: 'client', sessionId: 's3' });
    const { exp } = decodeJwt(token);
    const fresh = await server.inject({ url: '/me', cookies: { [SESSION_COOKIE]: token } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.cookies).toEqual([]); // young token: nothing to swap

    clock += 2 * 60 * 60; // two hours later
    const used = await server.inject({ url: '/me', cookies: { [SESSION_COOKIE]: token } });
    expect(used.statusCode).toBe(200);
    const swapped = used.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(swapped).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const claims = decodeJwt(swapped?.value ?? '');
    expect(claims.exp).toBe(exp);
    expect(claims.sid).toBe('s3');

    clock += 7 * 24 * 60 * 60 + 60; // a week and a minute without use after the swap
    expect(
      (await server.inject({ url: '/me', cookies: { [SESSION_COOKIE]: swapped?.value ?? '' } })).statusCode,
    ).toBe(401);
  });

  it('answers 403 for the wrong role', async () => {
    const server = await build();
    const token = await codec.sign({ id: 'u2', role: 'client', sessionId: 's2' });
    const response = await server.inject({ url: '/agents-only', cookies: { [SESSION_COOKIE]: token } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
