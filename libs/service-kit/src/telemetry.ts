import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import FastifyOtel from '@fastify/otel';

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; without it spans still exist (trace ids in logs, context in Kafka headers) but nothing is exported. */
  otlpEndpoint?: string | undefined;
}

/** A span processor that keeps spans in memory only as long as they live: context without export. */
const localOnlyProcessor = {
  onStart: () => undefined,
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry once per process, before the instrumented modules (http, pg, fastify) load:
 * call it from a `--import` preload (see instrument.ts).
 */
export function startTelemetry({ serviceName, otlpEndpoint }: TelemetryOptions): NodeSDK {
  if (sdk) return sdk;
  const endpoint = otlpEndpoint?.replace(/\/$/, '');
  sdk = new NodeSDK({
    serviceName,
    spanProcessors: endpoint ? undefined : [localOnlyProcessor],
    traceExporter: endpoint ? new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }) : undefined,
    metricReaders: endpoint
      ? [
          new PeriodicExportingMetricReader({
            exporter: new OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
          }),
        ]
      : [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz)/.test(request.url ?? ''),
      }),
      new PgInstrumentation(),
      new FastifyOtel.FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  return sdk;
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}
