import { metrics, type MeterProvider } from '@opentelemetry/api';
import type { EventBus } from './event-bus.ts';
import { instrumentationName } from './tracing.ts';

type MeasuredBus = Pick<EventBus, 'service' | 'health'>;

const buses = new Set<MeasuredBus>();
let instrumentedProvider: MeterProvider | null = null;

/**
 * Observable gauges for every running event bus, read from `health()` at each collection: relay
 * backlog (unpublished rows, oldest age) per outbox schema and consumer lag per group. Created
 * against the meter provider registered when the first bus starts (service-kit's SDK starts
 * before), and again if a new provider appears.
 */
function ensureInstruments(): void {
  const provider = metrics.getMeterProvider();
  if (provider === instrumentedProvider) return;
  instrumentedProvider = provider;
  const meter = provider.getMeter(instrumentationName);
  const unpublished = meter.createObservableGauge('listready.events.outbox.unpublished', {
    description: 'Outbox rows not yet published by the relay',
    unit: '{event}',
  });
  const oldestAge = meter.createObservableGauge('listready.events.outbox.oldest_age', {
    description: 'Age of the oldest unpublished outbox row',
    unit: 'ms',
  });
  const lag = meter.createObservableGauge('listready.events.consumer.lag', {
    description: 'Messages published to a consumer group and not yet applied',
    unit: '{message}',
  });
  meter.addBatchObservableCallback(
    async (result) => {
      const measured = await Promise.all(
        [...buses].map(async (bus) => ({ bus, health: await bus.health() })),
      );
      for (const { bus, health } of measured) {
        if (health.relay) {
          const attributes = { 'listready.service': bus.service, 'db.namespace': health.relay.schema };
          result.observe(unpublished, health.relay.unpublished, attributes);
          result.observe(oldestAge, health.relay.oldestAgeMs, attributes);
        }
        if (health.consumers && health.consumers.lag !== null) {
          result.observe(lag, health.consumers.lag, {
            'listready.service': bus.service,
            'messaging.consumer.group.name': health.consumers.group,
          });
        }
      }
    },
    [unpublished, oldestAge, lag],
  );
}

/** Adds a bus to the gauges; the returned function removes it. */
export function registerEventMetrics(bus: MeasuredBus): () => void {
  ensureInstruments();
  buses.add(bus);
  return () => {
    buses.delete(bus);
  };
}
