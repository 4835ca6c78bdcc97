import { z } from 'zod';
import { eventsConfigFromEnv, type EventsConfig } from '@listready/events';
import { messagingConfigShape } from '@listready/messaging';
import { baseConfigSchema, loadConfig, portSchema } from '@listready/service-kit';

/** services/journey settings: the shared ones, its port, reminders and their engines (DESIGN.md §2). */
export const journeyConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(3002),
  /** How long a session's "still live" answer is trusted from the cache (seconds). */
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** Sellers whose serialized task list (about 50 KB each) is kept in memory; 0 turns it off. */
  TASK_LIST_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(500),
  /** The agent's insights flag a client with nothing done on their journey for this many days. */
  INSIGHTS_STALLED_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** How often the reminder scheduler looks for reminders that have come due; 0 turns it off. */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Longest one reminder e-mail or SMS may take before it is tried again later. */
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /**
   * Longest a live stream (server-sent events) stays open; the browser then reconnects with its
   * last event id, and its session and access are checked again.
   */
  LIVE_STREAM_MAX_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** Comment lines sent on an idle live stream, so proxies and the gateway keep it open. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Reminders go by e-mail (Gmail) and SMS (Twilio), or to the dev mailbox (DESIGN.md §2). */
  ...messagingConfigShape,
});
export type JourneyConfig = z.infer<typeof journeyConfigSchema> & { events: EventsConfig };

/** Parses the environment once at boot (the only place services/journey reads it). */
export function loadJourneyConfig(env: Record<string, string | undefined> = process.env): JourneyConfig {
  return { ...loadConfig(journeyConfigSchema, env), events: eventsConfigFromEnv(env) };
}
