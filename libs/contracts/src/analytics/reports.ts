import { z } from 'zod';

/** The analytics dashboard's answers (agent spec §2 Analytics dashboard, §7). Browser-safe. */

const isoDateTime = z.iso.datetime({ offset: true });
const count = z.int().nonnegative();

export const topEventSchema = z.object({ event: z.string(), count });
export type TopEvent = z.infer<typeof topEventSchema>;

export const hourlyCountSchema = z.object({
  /** The hour's start (UTC). */
  hour: isoDateTime,
  count,
});
export type HourlyCount = z.infer<typeof hourlyCountSchema>;

/**
 * `GET /api/analytics/stats`: the agent's own usage and their clients', all time. `topEvents` is
 * ordered by count (then name); `eventsPerHour` holds the last 24 whole hours and the current one,
 * oldest first, zeros included (ours, for the chart).
 */
export const analyticsStatsSchema = z.object({
  totalEvents: count,
  totalSessions: count,
  uniqueUsers: count,
  topEvents: z.array(topEventSchema),
  eventsPerHour: z.array(hourlyCountSchema),
});
export type AnalyticsStats = z.infer<typeof analyticsStatsSchema>;

export const recentEventSchema = z.object({
  id: z.string(),
  event: z.string(),
  timestamp: isoDateTime,
  /** The page it happened on; null for server-side events. */
  pageUrl: z.string().nullable(),
  userId: z.string().nullable(),
  /**
   * The user's name as their account gives it (ours: an agent knows their clients by name, not by
   * id); null for a visitor. Optional: an answer from a service older than the page still parses.
   */
  userName: z.string().nullish(),
});
export type RecentEvent = z.infer<typeof recentEventSchema>;

export const realtimeSessionSchema = z.object({
  /** Only the last 8 characters: a whole session id would let its holder add to the session. */
  sessionId: z.string(),
  userId: z.string().nullable(),
  /** As a recent event's `userName`. */
  userName: z.string().nullish(),
  pageViews: count,
  events: count,
  startTime: isoDateTime,
  /** Set once the session ended (page closed, signed out): shown as Ended. */
  endTime: isoDateTime.nullable(),
  lastEventAt: isoDateTime,
});
export type RealtimeSession = z.infer<typeof realtimeSessionSchema>;

/**
 * `GET /api/analytics/realtime`: users with a session that has not ended and was seen in the last
 * 30 minutes, the 20 most recent events of the last 24 hours (newest first) and the sessions seen
 * in the last 30 minutes (newest first, ended ones included).
 */
export const analyticsRealtimeSchema = z.object({
  activeUsers: count,
  recentEvents: z.array(recentEventSchema),
  activeSessions: z.array(realtimeSessionSchema),
});
export type AnalyticsRealtime = z.infer<typeof analyticsRealtimeSchema>;
