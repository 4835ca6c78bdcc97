import { z } from 'zod';
import { eventsConfigFromEnv, type EventsConfig } from '@listready/events';
import { baseConfigSchema, loadConfig, portSchema } from '@listready/service-kit';

/** services/analytics settings: the shared ones, its port and the visitors' ingest limit (DESIGN.md §2). */
export const analyticsConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(3005),
  /** How long a session's "still live" answer is trusted from the cache (seconds). */
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /**
   * Batches a signed-out address may send per minute. A page sends one every 30 s plus the
   * immediate ones (errors) and its unload beacon, so 120 leaves room for an office behind one
   * address while a script flooding the table is cut off.
   */
  ANALYTICS_ANONYMOUS_BATCHES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema> & { events: EventsConfig };

/** Parses the environment once at boot (the only place services/analytics reads it). */
export function loadAnalyticsConfig(env: Record<string, string | undefined> = process.env): AnalyticsConfig {
  return { ...loadConfig(analyticsConfigSchema, env), events: eventsConfigFromEnv(env) };
}
