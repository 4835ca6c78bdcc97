import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, ErrorCode } from '@listready/contracts';
import {
  createLogger,
  createService,
  OVERLOADED_MESSAGE,
  type App,
  type LoadSheddingOptions,
} from '@listready/service-kit';
import { buildGateway } from './app.ts';
import { gatewayConfigFromEnv } from './config.ts';

const logger = createLogger('test', 'silent');
const shedding: LoadSheddingOptions = {
  // Well above what a busy shared machine (or the suites running beside this one) causes by itself.
  maxEventLoopDelayMs: 150,
  maxEventLoopUtilization: 0,
  sampleIntervalMs: 100,
  maxInFlight: 0,
  retryAfterSeconds: 4,
};

function blockEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy, as a CPU-bound burst would keep it
  }
}

/** Blocks the loop until `app`'s sampler reports the pressure (the process is shared by all apps here). */
async function overload(app: App): Promise<void> {
  blockEventLoop(400);
  await vi.waitFor(
    () => {
      if (!app.isUnderPressure()) throw new Error('not under pressure yet');
    },
    { interval: 1, timeout: 1_000 },
  );
}

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
    const gateway = await buildGateway({
      logger,
      serveFrontend: false,
      production: false,
      trustProxyHops: 0,
      shellDir: '/nonexistent',
      remotes: [],
      services: { journey: journeyUrl },
      loadShedding: gatewayShedding,
    });
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
    await overload(gateway);
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
    await overload(journey);
    const shed = await tasks(gateway);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('4');
    expect(apiErrorSchema.parse(shed.json()).message).toBe(OVERLOADED_MESSAGE);
    expect(handled.count).toBe(0);
  });

  it('reads its thresholds from the environment', () => {
    const env = { SHELL_DIR: '/nonexistent' };
    expect(gatewayConfigFromEnv({ ...env, SHED_MAX_EVENT_LOOP_DELAY_MS: '70' }).loadShedding).toMatchObject({
      maxEventLoopDelayMs: 70,
    });
    // Everything passes through it: its default bound on requests in progress is the services' eight times.
    expect(gatewayConfigFromEnv(env).loadShedding).toMatchObject({ maxInFlight: 512 });
    expect(gatewayConfigFromEnv({ ...env, SHED_LOAD: 'off' }).loadShedding).toBe(false);
  });
});
