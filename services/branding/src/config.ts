import { z } from 'zod';
import { eventsConfigFromEnv, type EventsConfig } from '@listready/events';
import { baseConfigSchema, loadConfig, portSchema } from '@listready/service-kit';

/** services/branding settings: the shared ones, its port, how long answers stay in the cache. */
export const brandingConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(3004),
  /** How long a session's "still live" answer is trusted from the cache (seconds). */
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** How long an agent's branding stays in the cache (seconds); a save empties it at once. */
  BRANDING_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
});
export type BrandingConfig = z.infer<typeof brandingConfigSchema> & { events: EventsConfig };

/** Parses the environment once at boot (the only place services/branding reads it). */
export function loadBrandingConfig(env: Record<string, string | undefined> = process.env): BrandingConfig {
  return { ...loadConfig(brandingConfigSchema, env), events: eventsConfigFromEnv(env) };
}
