import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, ErrorCode } from '@listready/contracts';
import { baseConfigSchema, loadConfig } from './config.ts';
import { createService, type App } from './create-service.ts';
import { InFlightLimit, loadSheddingFromConfig, type LoadSheddingOptions } from './load-shedding.ts';
import { blockEventLoop, overloadEventLoop } from './testing/event-loop-pressure.ts';

const silent = pino({ level: 'silent' });

const options: LoadSheddingOptions = {
  // Well above what a busy shared machine (or the suites running beside this one) causes by itself.
  maxEventLoopDelayMs: 150,
  maxEventLoopUtilization: 0,
  // Long enough that the pressure, once sampled, outlasts the request sent right after.
  sampleIntervalMs: 500,
  maxInFlight: 0,
  retryAfterSeconds: 3,
};

describe('load shedding', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function build(loadShedding: LoadSheddingOptions | false) {
    const built = createService({ name: 'test', logger: silent, loadShedding });
    const handled = { count: 0 };
    built.post('/work', async (request) => {
      handled.count += 1;
      return { received: request.body };
    });
    await built.ready();
    app = built;
    if (loadShedding) await calm(built);
    return { app: built, handled };
  }

  /** Waits for a calm sample (the first ones can still carry start-up's or a neighbour's delay). */
  async function calm(target: App) {
    await vi.waitFor(
      () => {
        if (target.isUnderPressure()) throw new Error('still under pressure');
      },
      { interval: 10, timeout: 10_000 },
    );
  }

  const work = (target: App) =>
    target.inject({ method: 'POST', url: '/work', payload: { task: 'complete' } });

  it('answers a fast 503 with Retry-After in the shared error shape, without running the handler', async () => {
    const { app, handled } = await build(options);
    expect((await work(app)).statusCode).toBe(200);
    expect(handled.count).toBe(1);

    await overloadEventLoop(app);
    const shed = await work(app);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    const body = apiErrorSchema.parse(shed.json());
    expect(body.code).toBe(ErrorCode.unavailable);
    expect(body.message).toMatch(/busy/);
    expect(handled.count).toBe(1);
  });

  it('admits requests again as soon as the event loop is calm', async () => {
    const { app, handled } = await build(options);
    await overloadEventLoop(app);
    expect((await work(app)).statusCode).toBe(503);
    await calm(app); // the next calm sample
    expect((await work(app)).statusCode).toBe(200);
    expect(handled.count).toBe(1);
  });

  it('keeps the liveness and readiness probes answering', async () => {
    const { app } = await build(options);
    await overloadEventLoop(app);
    expect((await work(app)).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('sheds on event-loop utilization too, when configured', async () => {
    const { app } = await build({ ...options, maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0.9 });
    expect((await work(app)).statusCode).toBe(200);
    await overloadEventLoop(app);
    expect((await work(app)).statusCode).toBe(503);
  });

  it('turns requests away while maxInFlight are in progress, and takes them again as places free up', async () => {
    const held: (() => void)[] = [];
    const built = createService({
      name: 'test',
      logger: silent,
      loadShedding: { ...options, maxEventLoopDelayMs: 0, maxInFlight: 2 },
    });
    built.get('/slow', () => new Promise((resolve) => held.push(() => resolve({ done: true }))));
    app = built;
    const base = await built.listen({ port: 0, host: '127.0.0.1' });
    const slow = (signal?: AbortSignal) => fetch(`${base}/slow`, { signal });
    const first = slow();
    const aborted = new AbortController();
    const second = slow(aborted.signal).catch((error: unknown) => error);
    await vi.waitFor(() => expect(held).toHaveLength(2));

    const shed = await slow();
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('3');
    expect(apiErrorSchema.parse(await shed.json()).code).toBe(ErrorCode.unavailable);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    held[0]?.();
    expect((await first).status).toBe(200);
    // A caller that gives up frees its place too.
    aborted.abort();
    await second;
    await vi.waitFor(async () => {
      const next = slow();
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(2), { timeout: 500 });
      held.at(-1)?.();
      expect((await next).status).toBe(200);
    });
    expect(held).toHaveLength(3);
  });

  it('without it, the same overload is admitted', async () => {
    const { app, handled } = await build(false);
    blockEventLoop(250);
    await sleep(1);
    expect((await work(app)).statusCode).toBe(200);
    expect(handled.count).toBe(1);
  });
});

describe('InFlightLimit', () => {
  it('admits up to its bound, and a place given back twice frees one place only', () => {
    const limit = new InFlightLimit(2);
    const first = limit.tryAcquire();
    const second = limit.tryAcquire();
    expect(first && second).toBeTruthy();
    expect(limit.tryAcquire()).toBeUndefined();
    // An answer that ends and then closes its connection releases both times.
    first?.();
    first?.();
    expect(limit.count).toBe(1);
    expect(limit.tryAcquire()).toBeDefined();
    expect(limit.tryAcquire()).toBeUndefined();
    expect(limit.count).toBe(2);
  });
});

describe('loadSheddingFromConfig', () => {
  const parse = (env: Record<string, string>) => loadSheddingFromConfig(loadConfig(baseConfigSchema, env));

  it('is on by default, with the thresholds of the environment', () => {
    expect(parse({})).toEqual({
      maxEventLoopDelayMs: 500,
      maxEventLoopUtilization: 0,
      sampleIntervalMs: 1_000,
      maxInFlight: 64,
      retryAfterSeconds: 2,
    });
    expect(
      parse({
        NODE_ENV: 'production',
        SHED_MAX_EVENT_LOOP_DELAY_MS: '80',
        SHED_MAX_EVENT_LOOP_UTILIZATION: '0.95',
        SHED_SAMPLE_INTERVAL_MS: '100',
        SHED_MAX_IN_FLIGHT: '0',
        SHED_RETRY_AFTER_SECONDS: '5',
      }),
    ).toEqual({
      maxEventLoopDelayMs: 80,
      maxEventLoopUtilization: 0.95,
      sampleIntervalMs: 100,
      maxInFlight: 0,
      retryAfterSeconds: 5,
    });
  });

  it('is off when turned off, and in tests unless turned on', () => {
    expect(parse({ SHED_LOAD: 'off' })).toBe(false);
    expect(parse({ NODE_ENV: 'test' })).toBe(false);
    expect(parse({ NODE_ENV: 'test', SHED_LOAD: 'on' })).toMatchObject({ maxEventLoopDelayMs: 500 });
  });

  it('rejects thresholds out of range, naming the variable', () => {
    expect(() => parse({ SHED_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /SHED_MAX_EVENT_LOOP_UTILIZATION/,
    );
    expect(() => parse({ SHED_SAMPLE_INTERVAL_MS: '0' })).toThrow(/SHED_SAMPLE_INTERVAL_MS/);
  });
});
