/**
 * Preload for every server process: `node --import @listready/service-kit/instrument <entry>.ts`.
 * ESM modules are only patched by OpenTelemetry through the import-in-the-middle hook, which must
 * be registered before the app's modules load.
 */
import './module-resolution.ts';
import { register } from 'node:module';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { instrumentedModules, startTelemetry } from './telemetry.ts';

const config = loadConfig(
  z.object({
    // The standard off switch. The SDK alone would honour it and still leave every instrumentation
    // patched (they enable themselves when made): here no module is hooked and nothing patched.
    OTEL_SDK_DISABLED: z
      .string()
      .optional()
      .transform((value) => value?.trim().toLowerCase() === 'true'),
    OTEL_SERVICE_NAME: z.string().default('listready'),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
    // The standard batch settings (the SDK's BatchSpanProcessor no longer reads them itself).
    OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().positive().default(5_000),
    OTEL_BSP_MAX_EXPORT_BATCH_SIZE: z.coerce.number().int().positive().default(512),
    OTEL_BSP_MAX_QUEUE_SIZE: z.coerce.number().int().positive().default(2_048),
    // The standard list of instrumentations to leave out (comma-separated: http, undici, pg, fastify).
    OTEL_NODE_DISABLED_INSTRUMENTATIONS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
  }),
);
/**
 * The gateway only forwards. With nowhere to export, its http, undici and fastify instrumentations
 * would make a trace context at every hop for nobody to read: about a third of the hop's CPU
 * (bench/journey, gateway alone: 253–265 → 122–181 µs a trivial proxied request). It then makes none:
 * a `traceparent` that came with the request goes on as any other header, the service starts the
 * trace otherwise, and the gateway's own lines are found by their request id, which the service logs
 * too. With an endpoint the gateway is traced like every service (libs/service-kit traces.test.ts).
 */
const GATEWAY_UNTRACED_INSTRUMENTATIONS = ['http', 'undici', 'fastify'] as const;
const untracedGateway = config.OTEL_SERVICE_NAME === 'gateway' && !config.OTEL_EXPORTER_OTLP_ENDPOINT;

if (!config.OTEL_SDK_DISABLED) {
  startTelemetry({
    serviceName: config.OTEL_SERVICE_NAME,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    batch: {
      scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
      maxExportBatchSize: config.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
      maxQueueSize: config.OTEL_BSP_MAX_QUEUE_SIZE,
    },
    disabledInstrumentations: untracedGateway
      ? [...config.OTEL_NODE_DISABLED_INSTRUMENTATIONS, ...GATEWAY_UNTRACED_INSTRUMENTATIONS]
      : config.OTEL_NODE_DISABLED_INSTRUMENTATIONS,
  });
  // Only the modules an instrumentation patches are wrapped. Without the list the hook wraps every
  // module the process loads (ours, zod, drizzle, kafkajs…) in a module of its own: a service's
  // modules took 4.8–5.0 s to load instead of 2.5–2.8 (the journey service, this machine).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: instrumentedModules() },
  });
}
