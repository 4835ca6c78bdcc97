import { describe, expect, it } from 'vitest';
import { eventsReadiness } from './readiness.ts';
import type { EventBusHealth } from './event-bus.ts';

const health = (overrides: Partial<EventBusHealth> = {}): EventBusHealth => ({
  ok: true,
  transport: 'kafka',
  relay: { schema: 'journey', active: true, unpublished: 42, oldestAgeMs: 1_500 },
  consumers: { group: 'journey', topics: ['user-registered'], running: true, lag: 7 },
  ...overrides,
});

describe('eventsReadiness', () => {
  it('reports the relay backlog and the consumer lag as readiness detail', async () => {
    const check = eventsReadiness({ health: async () => health() });
    expect(await check()).toEqual({
      ok: true,
      detail: {
        transport: 'kafka',
        relay: { schema: 'journey', active: true, unpublished: 42, oldestAgeMs: 1_500 },
        consumers: { group: 'journey', topics: ['user-registered'], running: true, lag: 7 },
      },
    });
  });

  it('is not ready when the bus is not consuming, and says why', async () => {
    const check = eventsReadiness({
      health: async () => health({ ok: false, relay: null, consumers: null, error: 'not started' }),
    });
    expect(await check()).toEqual({
      ok: false,
      detail: { transport: 'kafka', relay: null, consumers: null, error: 'not started' },
    });
  });
});
