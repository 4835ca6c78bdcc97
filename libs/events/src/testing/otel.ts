import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

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
  spans: InMemorySpanExporter;
  /** Current value of a gauge data point whose attributes include `attributes`. */
  gauge(name: string, attributes: Record<string, string>): Promise<number | undefined>;
}

let installed: TestTelemetry | null = null;

/** Registers real (in-memory) OpenTelemetry providers for this test worker, once. */
export function installTestTelemetry(): TestTelemetry {
  if (installed) return installed;
  const spans = new InMemorySpanExporter();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(
    new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] }),
  );
  const reader = new OnDemandMetricReader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  installed = {
    spans,
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
