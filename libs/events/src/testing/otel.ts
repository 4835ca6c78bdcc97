import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';

/** Reads metrics on demand (no export interval), so a test can collect when it wants. */
class OnDemandMetricReader extends MetricReader {
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
}

export interface TestTelemetry {
  /** Current value of a gauge data point whose attributes include `attributes`. */
  gauge(name: string, attributes: Record<string, string>): Promise<number | undefined>;
}

let installed: TestTelemetry | null = null;

/**
 * Registers a real meter provider for this test worker, once (the event spans are checked through
 * `npm start` in libs/service-kit's traces.test.ts).
 */
export function installTestTelemetry(): TestTelemetry {
  if (installed) return installed;
  const reader = new OnDemandMetricReader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  installed = {
    async gauge(name, attributes) {
      const { resourceMetrics } = await reader.collect();
      for (const scope of resourceMetrics.scopeMetrics) {
        for (const metric of scope.metrics) {
          if (metric.descriptor.name !== name) continue;
          for (const point of metric.dataPoints) {
            const matches = Object.entries(attributes).every(
              ([key, value]) => point.attributes[key] === value,
            );
            if (matches && typeof point.value === 'number') return point.value;
          }
        }
      }
      return undefined;
    },
  };
  return installed;
}
