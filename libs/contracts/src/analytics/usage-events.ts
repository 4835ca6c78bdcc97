import { z } from 'zod';

/**
 * Usage analytics (agent spec §2, §3 "Analytics event", §7, §9): what the browser's tracker sends to
 * `POST /api/analytics` and what services/analytics validates it with. Browser-safe.
 */

import { ANALYTICS_LIMITS, IMMEDIATE_USAGE_EVENTS } from './usage-limits.ts';

export * from './usage-limits.ts';

export const analyticsMessages = {
  notAnArray: 'Expected a JSON array of usage events',
  emptyBatch: 'At least one event is required',
  tooManyEvents: `A batch holds at most ${ANALYTICS_LIMITS.maxEventsPerBatch} events`,
  eventName: 'event must be 1 to 64 letters, digits or _ . : - and start with a letter',
  properties: 'properties must be an object',
  timestamp: 'timestamp must be an ISO 8601 date-time with a time zone',
  sessionId: 'sessionId must be 8 to 100 letters, digits, _ or -',
  userId: 'userId must be a string of at most 100 characters',
  eventId: 'eventId must be a UUID',
  rateLimited: 'Too many analytics batches from this address. Try again shortly.',
  agentsOnly: 'Analytics are for agents only',
} as const;

const eventNamePattern = /^[A-Za-z][\w.:-]{0,63}$/;
const sessionIdPattern = /^[\w-]{8,100}$/;

/**
 * One usage event as the browser sends it. `properties` carries the page URL, user agent, screen
 * and viewport sizes plus the event's own data. `userId` is what the browser believes; the service
 * records the signed-in user of the request instead (a visitor's events have none).
 */
export const usageEventSchema = z.object({
  event: z.string({ error: analyticsMessages.eventName }).regex(eventNamePattern, {
    error: analyticsMessages.eventName,
  }),
  properties: z.record(z.string(), z.unknown(), { error: analyticsMessages.properties }),
  timestamp: z.iso.datetime({ offset: true, error: analyticsMessages.timestamp }),
  userId: z
    .string({ error: analyticsMessages.userId })
    .max(100, { error: analyticsMessages.userId })
    .nullish(),
  sessionId: z.string({ error: analyticsMessages.sessionId }).regex(sessionIdPattern, {
    error: analyticsMessages.sessionId,
  }),
  /**
   * The tracker's id for the event: a batch it sends again (an answer lost after the server stored
   * it) is recorded once. Optional so a page loaded before trackers sent it still reports.
   */
  eventId: z.uuid({ error: analyticsMessages.eventId }).optional(),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

/** `POST /api/analytics`: a JSON array (sendBeacon sends it as text/plain). Over 100 events is 413. */
export const usageEventBatchSchema = z
  .array(usageEventSchema, { error: analyticsMessages.notAnArray })
  .min(1, { error: analyticsMessages.emptyBatch });

export const usageIngestResponseSchema = z.object({ accepted: z.int().nonnegative() });
export type UsageIngestResponse = z.infer<typeof usageIngestResponseSchema>;

/**
 * What a screen may record through the shell's tracker (`trackUsage` in @listready/web-client),
 * with the spec's event-specific data. The tracker adds the page properties, timestamp, user and
 * session. Never a password or what someone typed in a field.
 */
export type UsageEventInput =
  | { event: 'task_action'; properties: { action: string; taskId: string; taskTitle?: string } }
  | { event: 'stage_action'; properties: { action: string; stageId: string; stageName?: string } }
  | { event: 'note_action'; properties: { action: string; taskId: string; noteLength: number } }
  | { event: 'user_flow'; properties: { flowStep: string } }
  | { event: 'error'; properties: { error: string; context: string; stack?: string } }
  | {
      event: Exclude<(typeof IMMEDIATE_USAGE_EVENTS)[number], 'error'>;
      properties?: Record<string, string | number | boolean | null>;
    };
