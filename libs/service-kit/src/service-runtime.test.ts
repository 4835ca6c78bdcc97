import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createInProcessTransport,
  eventsConfigFromEnv,
  InProcessBus,
  type Transport,
} from '@listready/events';
import { sessions, users } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import { createMemoryCache, type Cache } from './cache.ts';
import { createServiceRuntime, type ServiceRuntime } from './service-runtime.ts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './session.ts';

const database = useTestDatabase();
const silent = pino({ level: 'silent' });
const config = {
  NODE_ENV: 'test' as const,
  LOG_LEVEL: 'silent',
  SESSION_CACHE_TTL_SECONDS: 30,
  events: eventsConfigFromEnv({}),
};
const secret = 'runtime-test-secret-'.padEnd(48, 'x');

/** A cache and a transport that record whether they were closed. */
function tracked() {
  const closed = { cache: false, transport: false };
  const cache: Cache = { ...createMemoryCache(), close: async () => void (closed.cache = true) };
  const inner = createInProcessTransport({ bus: new InProcessBus() });
  const transport: Transport = { ...inner, close: async () => void (closed.transport = true) };
  return { cache, transport, closed };
}

describe('createServiceRuntime', () => {
  let runtime: ServiceRuntime | undefined;
  afterEach(async () => {
    await runtime?.stop();
    runtime = undefined;
  });

  it('answers /readyz with database, cache, events and the service’s own checks', async () => {
    const { cache, transport } = tracked();
    runtime = await createServiceRuntime({
      name: 'journey',
      config,
      database: database.current,
      logger: silent,
      sessionSecret: secret,
      cache,
      transport,
      readiness: { content: async () => ({ ok: true, detail: { stages: 8 } }) },
    });
    await runtime.start();
    const response = await runtime.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    const checks = Object.keys((response.json() as { checks: Record<string, unknown> }).checks);
    expect(checks.sort()).toEqual(['cache', 'content', 'database', 'events']);
  });

  it('verifies sessions: a live session’s user, nobody for a forged token', async () => {
    runtime = await createServiceRuntime({
      name: 'auth',
      config,
      database: database.current,
      logger: silent,
      sessionSecret: secret,
      ...tracked(),
    });
    runtime.app.get('/api/mine', async (request) => ({ user: request.user ?? null }));
    const signedOut = await runtime.app.inject({ url: '/api/mine' });
    expect(signedOut.json()).toEqual({ user: null });
    const forged = await runtime.app.inject({
      url: '/api/mine',
      cookies: { [SESSION_COOKIE]: 'not.a.token' },
    });
    expect(forged.json()).toEqual({ user: null });
    const [account] = await database.current.db
      .insert(users)
      .values({
        email: `runtime-${crypto.randomUUID()}@example.com`,
        password: 'x',
        firstName: 'R',
        lastName: 'T',
      })
      .returning();
    const user = { id: account?.id ?? '', role: 'client' as const, sessionId: crypto.randomUUID() };
    await database.current.db.insert(sessions).values({
      sid: user.sessionId,
      sess: { userId: user.id, role: user.role },
      userId: user.id,
      expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    const token = await runtime.codec.sign(user);
    const signedIn = await runtime.app.inject({ url: '/api/mine', cookies: { [SESSION_COOKIE]: token } });
    expect(signedIn.json()).toEqual({ user });
  });

  it('on stop runs the before-close tasks and leaves a cache and transport it was given open', async () => {
    const given = tracked();
    const order: string[] = [];
    runtime = await createServiceRuntime({
      name: 'journey',
      config,
      database: database.current,
      logger: silent,
      sessionSecret: secret,
      cache: given.cache,
      transport: given.transport,
    });
    runtime.beforeClose(async () => void order.push('mails settled'));
    runtime.app.addHook('onClose', async () => void order.push('app closed'));
    await runtime.start();
    await runtime.stop();
    await runtime.stop(); // twice is harmless
    expect(order).toEqual(['mails settled', 'app closed']);
    expect(given.closed).toEqual({ cache: false, transport: false });
  });
});
