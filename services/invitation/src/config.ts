import { z } from 'zod';
import { eventsConfigFromEnv, type EventsConfig } from '@listready/events';
import { messagingConfigShape } from '@listready/messaging';
import { baseConfigSchema, ConfigError, loadConfig, portSchema } from '@listready/service-kit';

/** services/invitation settings: the shared ones, its port, the mail and SMS engines (DESIGN.md §2). */
export const invitationConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(3003),
  /** How long a session's "still live" answer is trusted from the cache (seconds). */
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** How long one channel may take before the invitation answers with that channel failed. */
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  ...messagingConfigShape,
});
export type InvitationConfig = z.infer<typeof invitationConfigSchema> & { events: EventsConfig };

/**
 * Parses the environment once at boot (the only place services/invitation reads it). In production
 * the invitation links must come from PUBLIC_URL, not from request headers a caller controls.
 */
export function loadInvitationConfig(
  env: Record<string, string | undefined> = process.env,
): InvitationConfig {
  const config = loadConfig(invitationConfigSchema, env);
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    throw new ConfigError(['PUBLIC_URL: required in production (the origin of invitation links)']);
  }
  return { ...config, events: eventsConfigFromEnv(env) };
}
