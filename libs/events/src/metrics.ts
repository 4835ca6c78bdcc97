import { metrics, type MeterProvider } from '@opentelemetry/api';
import { instrumentationName } from './tracing.ts';

export interface EventMetricsSnapshot {
  service: string;
  relay: { schema: string; unpublished: number; oldestAgeMs: number } | null;
  consumer: { group: string; lag: number | null } | null;
}

export interface EventMetricsSource {
  metricsSnapshot(): Promise<EventMetricsSnapshot>;
}

const sources = new Set<EventMetricsSource>();
let instrumentedProvider: MeterProvider | null = null;

/**
 * Observable gauges for every running event bus: relay backlog (unpublished rows, oldest age) per
 * outbox schema and consumer lag per group. Created against the meter provider registered when the
 * first bus starts (service-kit's SDK starts before), and again if a new provider appears.
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
      const snapshots = await Promise.all(
        [...sources].map((source) => source.metricsSnapshot().catch(() => null)),
      );
      for (const snapshot of snapshots) {
        if (!snapshot) continue;
        if (snapshot.relay) {
          const attributes = { 'listready.service': snapshot.service, 'db.namespace': snapshot.relay.schema };
          result.observe(unpublished, snapshot.relay.unpublished, attributes);
          result.observe(oldestAge, snapshot.relay.oldestAgeMs, attributes);
        }
        if (snapshot.consumer && snapshot.consumer.lag !== null) {
          result.observe(lag, snapshot.consumer.lag, {
            'listready.service': snapshot.service,
            'messaging.consumer.group.name': snapshot.consumer.group,
          });
        }
      }
    },
    [unpublished, oldestAge, lag],
  );
}

/** Adds a bus to the gauges; the returned function removes it. */
export function registerEventMetrics(source: EventMetricsSource): () => void {
  ensureInstruments();
  sources.add(source);
  return () => {
    sources.delete(source);
  };
}
