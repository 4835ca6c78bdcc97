/**
 * Usage analytics' numbers and names, without a schema: what the browser's tracker needs, importable
 * without zod (the visitor's pages load the tracker alone, see shell/src/prerender/visitor.ts).
 * `usage-events.ts` re-exports them beside the schemas.
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
  /**
   * Ours: while the realtime view does not yet show the viewer's own session (their first batch on
   * its way as the page loads), it is read this often, for at most `ownSessionWaitMs` after the
   * page opened.
   */
  ownSessionRefreshMs: 1_000,
  ownSessionWaitMs: 15_000,
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

/** The page-level properties every tracked event carries (spec §3). */
export interface UsagePageProperties {
  /** The page address without query or fragment (they can hold tokens and invitation ids). */
  url: string;
  userAgent: string;
  screenSize: string;
  viewportSize: string;
}
