import { z } from 'zod';
import { eventsConfigFromEnv, type EventsConfig } from '@listready/events';
import { messagingConfigShape } from '@listready/messaging';
import { baseConfigSchema, ConfigError, loadConfig, portSchema } from '@listready/service-kit';

/** services/auth settings: the shared ones, its port, the mail engine (DESIGN.md §2). */
export const authConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(3001),
  /** How long a session's "still live" answer is trusted from the cache (seconds). */
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** Accounts one IP may create per hour (a household or an office signs up a few, a script many). */
  AUTH_SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Password reset requests and confirmations one IP may make per hour, together. */
  AUTH_RESETS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  ...messagingConfigShape,
});
export type AuthConfig = z.infer<typeof authConfigSchema> & { events: EventsConfig };

/**
 * Parses the environment once at boot (the only place services/auth reads it). In production the
 * reset links must come from PUBLIC_URL: building them from request headers would let anyone send
 * a victim a genuine reset token inside a link to their own site.
 */
export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  const config = loadConfig(authConfigSchema, env);
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    throw new ConfigError(['PUBLIC_URL: required in production (the origin of password-reset links)']);
  }
  return { ...config, events: eventsConfigFromEnv(env) };
}
