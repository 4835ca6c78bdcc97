import { z } from 'zod';

/**
 * Usage analytics (agent spec §2, §3 "Analytics event", §7, §9): what the browser's tracker sends to
 * `POST /api/analytics` and what services/analytics validates it with. Browser-safe.
 */

/** The spec's numbers, and the ingest limits, in one place (tracker, service and screen use them). */
export const ANALYTICS_LIMITS = {
  /** A batch holds at most this many events (more: 413). */
  maxEventsPerBatch: 100,
  /** A batch's body is at most this many bytes (more: 413); the tracker splits below it. */
  maxBatchBytes: 64 * 1024,
  /** The tracker sends its queue this often. */
  batchIntervalMs: 30_000,
  /** Events the tracker keeps while the server cannot be reached; the oldest go first. */
  maxQueuedEvents: 500,
  clickTextMaxLength: 100,
  /** An error's stack is cut to this length. */
  stackMaxLength: 2_000,
  statsRefreshMs: 30_000,
  realtimeRefreshMs: 5_000,
  topActionsShown: 8,
  /** Top events the stats answer lists (the screen shows the first `topActionsShown`). */
  topEventsListed: 20,
  recentEvents: 20,
  recentEventsWindowHours: 24,
  /** Sessions seen this recently are listed in the realtime view. */
  activeSessionWindowMinutes: 30,
  activeSessionsListed: 20,
  sessionIdSuffixLength: 8,
} as const;

/**
 * The event types the tracker records (spec §3), plus `app_initialized` (the app-initialised event
 * with the user's role) and `session_end` (the page is going away or the user signed out: it sets
 * the session's end time, and the session shows as Ended).
 */
export const USAGE_EVENT_TYPES = [
  'page_view',
  'click',
  'form_submit',
  'page_visibility_change',
  'task_action',
  'stage_action',
  'note_action',
  'user_flow',
  'error',
  'app_initialized',
  'session_end',
] as const;
export type UsageEventType = (typeof USAGE_EVENT_TYPES)[number];

/** Events sent at once instead of with the next 30-second batch (spec §7). */
export const IMMEDIATE_USAGE_EVENTS = [
  'task_completed',
  'stage_completed',
  'user_registered',
  'error',
] as const;

/** Domain events services/analytics records as server-side usage events, by their event name. */
export const SERVER_USAGE_EVENTS = {
  'task-completed': 'task_completed',
  'stage-completed': 'stage_completed',
  'invitation-sent': 'invitation_sent',
  'invitation-accepted': 'invitation_accepted',
  'user-registered': 'user_registered',
} as const;

/** The session id of events recorded from domain events (they belong to no browser session). */
export const SERVER_SESSION_ID = 'server';

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

/** The page-level properties every tracked event carries (spec §3). */
export interface UsagePageProperties {
  /** The page address without query or fragment (they can hold tokens and invitation ids). */
  url: string;
  userAgent: string;
  screenSize: string;
  viewportSize: string;
}

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
