import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { AlwaysOffSampler, BatchSpanProcessor, NoopSpanProcessor } from '@opentelemetry/sdk-trace';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import FastifyOtel from '@fastify/otel';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { loggedUrl } from './logged-url.ts';
import {
  serviceAttribute,
  serviceListeningOn,
  ServiceOwnershipProcessor,
  ServiceResourceExporter,
} from './trace-ownership.ts';

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; without it nothing is recorded, but trace context still exists (trace ids in logs, context in event headers). */
  otlpEndpoint?: string | undefined;
  /** Span batching (OTEL_BSP_*): how often a batch leaves, how big it may be, how many spans may wait. */
  batch?: { scheduledDelayMillis?: number; maxExportBatchSize?: number; maxQueueSize?: number };
  /**
   * Instrumentations left out (OTEL_NODE_DISABLED_INSTRUMENTATIONS, as OpenTelemetry's Node
   * auto-instrumentations name them: `http`, `undici`, `pg`, `fastify`): what one costs is then
   * measurable (bench/traces), and a deployment can drop one it does not read.
   */
  disabledInstrumentations?: readonly string[];
}

let sdk: NodeSDK | undefined;
/** An instrumentation, with the modules it patches when they load (InstrumentationBase's). */
type MadeInstrumentation = Instrumentation & {
  getModuleDefinitions(): readonly { name: string }[];
};
let made: readonly MadeInstrumentation[] = [];

/**
 * Starts OpenTelemetry once per process, before the instrumented modules (http, undici, pg,
 * fastify) load: call it from a `--import` preload (see instrument.ts). A worker thread started
 * with the same `--import` in its execArgv gets its own.
 */
export function startTelemetry({
  serviceName,
  otlpEndpoint,
  batch,
  disabledInstrumentations = [],
}: TelemetryOptions): NodeSDK {
  if (sdk) return sdk;
  const endpoint = otlpEndpoint?.replace(/\/$/, '');
  made = makeInstrumentations(disabledInstrumentations);
  sdk = new NodeSDK({
    serviceName,
    spanProcessors: endpoint
      ? [
          // First: a span's owner is settled before any other processor sees it.
          new ServiceOwnershipProcessor(),
          new BatchSpanProcessor({
            ...batch,
            exporter: new ServiceResourceExporter(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` })),
          }),
        ]
      : [new NoopSpanProcessor()],
    // With nowhere to export, spans are not recorded (nothing would read them): their context is
    // still made and passed on — trace ids in logs, traceparent to the next hop, outbox headers.
    // With an endpoint, OTEL_TRACES_SAMPLER decides (default: every trace).
    ...(endpoint ? {} : { sampler: new AlwaysOffSampler() }),
    metricReaders: endpoint
      ? [
          new PeriodicExportingMetricReader({
            exporter: new OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
          }),
        ]
      : [],
    instrumentations: [...made],
  });
  sdk.start();
  return sdk;
}

/**
 * An address as a span may show it, when it holds a key (see `loggedUrl`): whole, its path, and its
 * query without the `?` (empty if none). Undefined when nothing in it is a key, so the
 * instrumentation's own attributes stand.
 */
function shownUrl(url: string): { url: string; path: string; query: string } | undefined {
  const shown = loggedUrl(url);
  if (shown === url) return undefined;
  const at = shown.indexOf('?');
  return at === -1
    ? { url: shown, path: shown, query: '' }
    : { url: shown, path: shown.slice(0, at), query: shown.slice(at + 1) };
}

/** The instrumentations kept (see TelemetryOptions.disabledInstrumentations). */
function makeInstrumentations(disabled: readonly string[]): MadeInstrumentation[] {
  return (
    (
      [
        [
          'http',
          () =>
            new HttpInstrumentation({
              ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz)/.test(request.url ?? ''),
              // The request belongs to whichever service listens on the port it came in on.
              startIncomingSpanHook: (request) => {
                const owner = serviceListeningOn(request.socket.localPort);
                const shown = shownUrl(request.url ?? '');
                return {
                  ...(owner ? { [serviceAttribute]: owner } : {}),
                  ...(shown ? { 'url.path': shown.path } : {}),
                  ...(shown?.query ? { 'url.query': shown.query } : {}),
                };
              },
            }),
        ],
        // The gateway reaches the services through undici's dispatch (gateway/src/api-proxy.ts):
        // without this the trace context would stop at the gateway.
        [
          'undici',
          () =>
            new UndiciInstrumentation({
              requireParentforSpans: true,
              startSpanHook: (request) => {
                const shown = shownUrl(request.path);
                return shown
                  ? {
                      'url.full': `${request.origin}${shown.url}`,
                      'url.path': shown.path,
                      'url.query': shown.query && `?${shown.query}`,
                    }
                  : {};
              },
            }),
        ],
        // Only queries some request, event or job asked for: the relays' polls would be noise.
        ['pg', () => new PgInstrumentation({ requireParentSpan: true })],
        // The request and handler spans; one span per lifecycle hook made a third of a trace.
        [
          'fastify',
          () =>
            new FastifyOtel.FastifyOtelInstrumentation({
              registerOnInitialization: true,
              instrumentHooks: false,
              // Its `url.path` is the whole address, query and all.
              requestHook: (span, request) => {
                const shown = shownUrl(request.url);
                if (shown) span.setAttribute('url.path', shown.url);
              },
            }),
        ],
      ] as const
    )
      // Made only when kept: an instrumentation patches its module as soon as it is made.
      .filter(([name]) => !disabled.includes(name))
      .map(([, make]) => make())
  );
}

/**
 * The modules the running instrumentations patch when they load (`http`, `https`, `pg`,
 * `pg-pool`): the only ones import-in-the-middle needs to wrap (instrument.ts). Empty before
 * startTelemetry. fastify and undici are observed through diagnostics channels, not patched.
 */
export function instrumentedModules(): string[] {
  return [
    ...new Set(
      made.flatMap((instrumentation) => instrumentation.getModuleDefinitions().map(({ name }) => name)),
    ),
  ];
}

/**
 * Exports what is still batched and stops. Waits at most `timeoutMs`: a collector that is down
 * must not hold up a shutdown (onShutdownSignal calls this after the app has closed).
 */
export async function stopTelemetry(timeoutMs = 2_000): Promise<void> {
  const running = sdk;
  sdk = undefined;
  if (!running) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    running.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
