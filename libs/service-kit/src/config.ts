import { z } from 'zod';

/** Thrown at boot when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Settings every service and the gateway share (DESIGN.md §2); services extend this schema. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z
    .string()
    .optional()
    .transform((value) => value?.trim() || '.data'),
  DATABASE_URL: optionalString.pipe(z.url({ message: 'must be a postgres:// connection URL' }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ message: 'must be a redis:// URL' }).optional()),
  KAFKA_BROKERS: optionalString,
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url().optional()),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** Load shedding (load-shedding.ts): `on`/`off`; unset means on, except under NODE_ENV=test. */
  SHED_LOAD: z.enum(['on', 'off']).optional(),
  /** Mean event-loop delay (ms) in the last sample beyond which requests get a 503; 0 turns it off. */
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Event-loop utilization (0–1) in the last sample beyond which requests get a 503; 0 turns it off. */
  SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** How often the event loop is sampled (ms). */
  SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(10_000).default(1_000),
  /** Requests in progress at once beyond which new ones get a 503; 0 turns it off. */
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(64),
  /** The `Retry-After` of a shed request (seconds). */
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(2),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export const portSchema = z.coerce.number().int().min(0).max(65_535);

/**
 * Parses the environment once at boot. This module is the only place that reads `process.env`;
 * a bad or missing variable fails fast with a message naming it.
 */
export function loadConfig<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined> = process.env,
): z.infer<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/** Kafka brokers as a list, or undefined for the in-process transport. */
export const kafkaBrokerList = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
