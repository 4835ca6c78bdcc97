import type { EventBus } from './event-bus.ts';

/**
 * A service's `/readyz` check for its event backbone: whether it is consuming, and — as detail for
 * operators — the rest of the bus's health: the relay backlog (unpublished rows, age of the oldest)
 * and the consumer lag.
 */
export function eventsReadiness(events: Pick<EventBus, 'health'>) {
  return async (): Promise<{ ok: boolean; detail: Record<string, unknown> }> => {
    const { ok, ...detail } = await events.health();
    return { ok, detail };
  };
}
