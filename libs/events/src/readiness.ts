import type { EventBus } from './event-bus.ts';

/**
 * A service's `/readyz` check for its event backbone: whether it is consuming, and — as detail for
 * operators — the relay backlog (unpublished rows, age of the oldest) and the consumer lag.
 */
export function eventsReadiness(events: Pick<EventBus, 'health'>) {
  return async (): Promise<{ ok: boolean; detail: Record<string, unknown> }> => {
    const health = await events.health();
    return {
      ok: health.ok,
      detail: {
        transport: health.transport,
        relay: health.relay
          ? {
              active: health.relay.active,
              unpublished: health.relay.unpublished,
              oldestAgeMs: health.relay.oldestAgeMs,
            }
          : null,
        consumers: health.consumers
          ? { group: health.consumers.group, running: health.consumers.running, lag: health.consumers.lag }
          : null,
        ...(health.error ? { error: health.error } : {}),
      },
    };
  };
}
