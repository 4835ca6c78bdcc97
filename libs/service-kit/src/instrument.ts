/**
 * Preload for every server process: `node --import @listready/service-kit/instrument <entry>.ts`.
 * ESM modules are only patched by OpenTelemetry through the import-in-the-middle hook, which must
 * be registered before the app's modules load.
 */
import { register } from 'node:module';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { startTelemetry } from './telemetry.ts';

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
if (!config.OTEL_SDK_DISABLED) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  startTelemetry({
    serviceName: config.OTEL_SERVICE_NAME,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    batch: {
      scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
      maxExportBatchSize: config.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
      maxQueueSize: config.OTEL_BSP_MAX_QUEUE_SIZE,
    },
    disabledInstrumentations: config.OTEL_NODE_DISABLED_INSTRUMENTATIONS,
  });
}
