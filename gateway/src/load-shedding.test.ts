import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, ErrorCode } from '@listready/contracts';
import {
  createLogger,
  createService,
  OVERLOADED_MESSAGE,
  type App,
  type LoadSheddingOptions,
} from '@listready/service-kit';
import { overloadEventLoop } from '@listready/service-kit/testing';
import { testGateway } from './test-gateway.ts';
import { gatewayConfigFromEnv } from './config.ts';

const logger = createLogger('test', 'silent');
const shedding: LoadSheddingOptions = {
  // Well above what a busy shared machine (or the suites running beside this one) causes by itself.
  maxEventLoopDelayMs: 150,
  maxEventLoopUtilization: 0,
  // Long enough that the pressure, once sampled, outlasts the request sent right after.
  sampleIntervalMs: 500,
  maxInFlight: 0,
  retryAfterSeconds: 4,
};

describe('gateway load shedding', () => {
  const opened: App[] = [];
  afterEach(async () => {
    for (const app of opened.splice(0).reverse()) await app.close();
  });

  async function platform(
    gatewayShedding: LoadSheddingOptions | false,
    journeyShedding: LoadSheddingOptions | false,
  ) {
    const journey = createService({ name: 'journey', logger, loadShedding: journeyShedding });
    const handled = { count: 0 };
    journey.get('/api/clients/current/tasks', async () => {
      handled.count += 1;
      return [];
    });
    const journeyUrl = await journey.listen({ port: 0, host: '127.0.0.1' });
    opened.push(journey);
    const gateway = await testGateway({ journey: journeyUrl }, { loadShedding: gatewayShedding });
    await gateway.ready();
    opened.push(gateway);
    // Calm samples first (start-up, or a neighbour's load, can delay the first ones).
    for (const app of [gateway, journey]) {
      if (!app.hasDecorator('isUnderPressure')) continue;
      await vi.waitFor(
        () => {
          if (app.isUnderPressure()) throw new Error('still under pressure');
        },
        { interval: 10, timeout: 10_000 },
      );
    }
    return { journey, gateway, handled };
  }

  const tasks = (gateway: App) => gateway.inject({ method: 'GET', url: '/api/clients/current/tasks' });

  it('turns API requests away with a fast 503 and Retry-After before proxying them; /api/health still answers', async () => {
    const { gateway, handled } = await platform(shedding, false);
    expect((await tasks(gateway)).statusCode).toBe(200);
    await overloadEventLoop(gateway);
    const shed = await tasks(gateway);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('4');
    expect(apiErrorSchema.parse(shed.json())).toEqual({
      message: OVERLOADED_MESSAGE,
      code: ErrorCode.unavailable,
    });
    expect(handled.count).toBe(1);
    const health = await gateway.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it("passes a service's own 503 and Retry-After through to the caller", async () => {
    const { journey, gateway, handled } = await platform(false, shedding);
    await overloadEventLoop(journey);
    const shed = await tasks(gateway);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('4');
    expect(apiErrorSchema.parse(shed.json()).message).toBe(OVERLOADED_MESSAGE);
    expect(handled.count).toBe(0);
  });

  describe("a service's bound at the gateway", () => {
    // A wait for a place long enough that a refusal at once is told from one after the wait.
    const admission = { maxInFlight: 2, retryAfterSeconds: 4, stallWaitMs: 1_500 };

    /** Journey and auth behind one gateway that bounds each service's requests in progress. */
    async function saturable() {
      const upstream = createService({ name: 'upstream', logger, loadShedding: false });
      const arrivals = { journey: 0, auth: 0 };
      const held: (() => void)[] = [];
      upstream.get('/api/clients/current/tasks', async () => {
        arrivals.journey += 1;
        await new Promise<void>((resolve) => held.push(resolve));
        return [];
      });
      upstream.get('/api/clients/current/live', (_request, reply) => {
        arrivals.journey += 1;
        void reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
        reply.raw.write(': open\n\n');
        return reply;
      });
      upstream.get('/api/auth/session', async () => {
        arrivals.auth += 1;
        return { ok: true };
      });
      const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
      opened.push(upstream);
      const gateway = await testGateway(
        { journey: url, auth: url },
        { loadShedding: false, upstreamAdmission: admission },
      );
      // What Fastify itself sees: a refusal must cost none of its work (request object, hooks, routing).
      const seenByFastify: string[] = [];
      gateway.addHook('onRequest', async (request) => {
        seenByFastify.push(request.url);
      });
      const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
      opened.push(gateway);
      return { base, arrivals, held, seenByFastify };
    }

    it('answers 503 with Retry-After itself, without forwarding, while the service has its bound in progress', async () => {
      const { base, arrivals, held, seenByFastify } = await saturable();
      const tasks = () => fetch(`${base}/api/clients/current/tasks`);
      const first = tasks();
      const second = tasks();
      await vi.waitFor(() => expect(held).toHaveLength(2));

      for (let i = 0; i < 5; i += 1) {
        const shed = await tasks();
        expect(shed.status).toBe(503);
        expect(shed.headers.get('retry-after')).toBe('4');
        expect(shed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        expect(apiErrorSchema.parse(await shed.json())).toEqual({
          message: OVERLOADED_MESSAGE,
          code: ErrorCode.unavailable,
        });
      }
      // Refused before Fastify: only the two admitted requests went through its hooks.
      expect(seenByFastify).toEqual(['/api/clients/current/tasks', '/api/clients/current/tasks']);
      // A shed write did nothing, and its body was left unread: the connection still serves.
      const write = await fetch(`${base}/api/clients/current/tasks`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'completed' }),
      });
      expect(write.status).toBe(503);
      await write.arrayBuffer();
      expect(arrivals.journey).toBe(2); // the shed ones never reached the service

      // Another service's requests are not held up by this one's.
      expect((await fetch(`${base}/api/auth/session`)).status).toBe(200);
      expect((await fetch(`${base}/api/health`)).status).not.toBe(503);

      // An answer gives its place back: the next request is forwarded.
      held[0]?.();
      expect((await first).status).toBe(200);
      const third = tasks();
      await vi.waitFor(() => expect(held).toHaveLength(3));
      expect(arrivals.journey).toBe(3);
      held[1]?.();
      held[2]?.();
      expect((await second).status).toBe(200);
      expect((await third).status).toBe(200);
    });

    it('lets a request wait out a stall while the service is calm; after a refusal, refuses at once', async () => {
      const { base, held, seenByFastify } = await saturable();
      const tasks = () => fetch(`${base}/api/clients/current/tasks`);
      const first = tasks();
      const second = tasks();
      await vi.waitFor(() => expect(held).toHaveLength(2));
      // Both places taken, nothing refused yet: a third request waits instead of a 503 ...
      const third = tasks();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seenByFastify).toHaveLength(2);
      // ... and goes on as soon as an answer frees a place.
      held[0]?.();
      expect((await first).status).toBe(200);
      await vi.waitFor(() => expect(held).toHaveLength(3));
      held[2]?.();
      expect((await third).status).toBe(200);

      const fourth = tasks();
      await vi.waitFor(() => expect(held).toHaveLength(4));
      // A wait longer than the stall allowance ends in a 503 ...
      let started = performance.now();
      expect((await tasks()).status).toBe(503);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);
      // ... and from then on (overload) the excess is refused at once: no queue for the admitted.
      started = performance.now();
      expect((await tasks()).status).toBe(503);
      expect(performance.now() - started).toBeLessThan(1_400);
      held[1]?.();
      held[3]?.();
      expect((await second).status).toBe(200);
      expect((await fourth).status).toBe(200);
    });

    it('refuses at once for a spell only: callers retrying at once do not keep it going', async () => {
      const { base, held } = await saturable();
      const tasks = () => fetch(`${base}/api/clients/current/tasks`);
      const first = tasks();
      const second = tasks();
      await vi.waitFor(() => expect(held).toHaveLength(2));
      // A request that waits in vain: the sign of overload that starts a spell of a second.
      expect((await tasks()).status).toBe(503);
      const spellStarted = performance.now();
      // A caller ignoring Retry-After asks again and again through the spell, refused at once each time.
      let refusedAtOnce = 0;
      while (performance.now() - spellStarted < 800) {
        const asked = performance.now();
        expect((await tasks()).status).toBe(503);
        expect(performance.now() - asked).toBeLessThan(1_400);
        refusedAtOnce += 1;
      }
      expect(refusedAtOnce).toBeGreaterThan(3);
      await new Promise((resolve) => setTimeout(resolve, 1_100 - (performance.now() - spellStarted)));
      // The spell is over: the next request waits for a place again, and gets the one an answer frees.
      const waiting = tasks();
      await new Promise((resolve) => setTimeout(resolve, 100));
      held[0]?.();
      expect((await first).status).toBe(200);
      await vi.waitFor(() => expect(held).toHaveLength(3));
      held[2]?.();
      expect((await waiting).status).toBe(200);
      held[1]?.();
      expect((await second).status).toBe(200);
    });

    it('makes the next spell twice as long when the overload goes on after one', async () => {
      const { base, held } = await saturable();
      const tasks = () => fetch(`${base}/api/clients/current/tasks`);
      const admitted = [tasks(), tasks()];
      await vi.waitFor(() => expect(held).toHaveLength(2));
      expect((await tasks()).status).toBe(503); // waited in vain: a spell of 1 s
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await tasks()).status).toBe(503); // waited in vain again, right after: a spell of 2 s
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      const asked = performance.now();
      expect((await tasks()).status).toBe(503);
      expect(performance.now() - asked).toBeLessThan(1_000); // still in the spell: refused at once
      held[0]?.();
      held[1]?.();
      for (const answer of await Promise.all(admitted)) expect(answer.status).toBe(200);
    });

    it('gives the place back when the caller hangs up, and once a stream of events has started', async () => {
      const { base, arrivals, held } = await saturable();
      const hangUp = new AbortController();
      const abandoned = fetch(`${base}/api/clients/current/tasks`, { signal: hangUp.signal }).catch(
        (error: unknown) => error,
      );
      const streams = new AbortController();
      const live = await fetch(`${base}/api/clients/current/live`, { signal: streams.signal });
      expect(live.headers.get('content-type')).toBe('text/event-stream');
      await vi.waitFor(() => expect(held).toHaveLength(1));
      // One held request, one open stream: the stream holds no place, so one more is admitted.
      const admitted = fetch(`${base}/api/clients/current/tasks`);
      await vi.waitFor(() => expect(held).toHaveLength(2));
      expect((await fetch(`${base}/api/clients/current/tasks`)).status).toBe(503);

      hangUp.abort();
      await abandoned;
      // The abandoned request's place is free again (its upstream request was cut off too).
      await vi.waitFor(async () => {
        const next = fetch(`${base}/api/clients/current/tasks`);
        await vi.waitFor(() => expect(held.length).toBeGreaterThan(2), { timeout: 500 });
        held.at(-1)?.();
        expect((await next).status).toBe(200);
      });
      held[1]?.();
      expect((await admitted).status).toBe(200);
      streams.abort();
      expect(arrivals.journey).toBe(4);
    });
  });

  it('reads its thresholds from the environment', () => {
    const env = { SHELL_DIR: '/nonexistent' };
    expect(gatewayConfigFromEnv({ ...env, SHED_MAX_EVENT_LOOP_DELAY_MS: '70' }).loadShedding).toMatchObject({
      maxEventLoopDelayMs: 70,
    });
    // Everything passes through it: its default bound on requests in progress is the services' eight times.
    expect(gatewayConfigFromEnv(env).loadShedding).toMatchObject({ maxInFlight: 512 });
    expect(gatewayConfigFromEnv({ ...env, SHED_LOAD: 'off' }).loadShedding).toBe(false);
    // Each service's bound at the gateway: on with shedding, off with it (and under NODE_ENV=test).
    expect(gatewayConfigFromEnv(env).upstreamAdmission).toEqual({ maxInFlight: 32, retryAfterSeconds: 2 });
    expect(
      gatewayConfigFromEnv({ ...env, SHED_UPSTREAM_MAX_IN_FLIGHT: '12', SHED_RETRY_AFTER_SECONDS: '5' })
        .upstreamAdmission,
    ).toEqual({ maxInFlight: 12, retryAfterSeconds: 5 });
    expect(gatewayConfigFromEnv({ ...env, SHED_LOAD: 'off' }).upstreamAdmission).toBe(false);
    expect(gatewayConfigFromEnv({ ...env, NODE_ENV: 'test' }).upstreamAdmission).toBe(false);
  });
});
