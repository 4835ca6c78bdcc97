import { and, count, countDistinct, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  ANALYTICS_LIMITS,
  type AnalyticsRealtime,
  type AnalyticsStats,
  type HourlyCount,
  type TopEvent,
} from '@listready/contracts';
import { agents, analyticsEvents, analyticsSessions, clients, users, type Db } from '@listready/db';

const HOUR_MS = 60 * 60 * 1000;
const HOURS_CHARTED = 24;

/** A user's name from their `auth.users` row (read, never written, here); null without one. */
const nameOf = (row: { firstName: string | null; lastName: string | null }) =>
  row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim();

/** The start of the hour `date` falls in (UTC). */
const hourOf = (date: Date) => new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);

/**
 * What an agent may see: their own usage and their clients' (`journey.clients.agent_id` is their
 * `auth.agents` id; both tables are read, never written, here). Never another agent's.
 */
export async function agentScope(db: Db, agentUserId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: clients.userId })
    .from(clients)
    .innerJoin(agents, eq(agents.id, clients.agentId))
    .where(eq(agents.userId, agentUserId));
  return [agentUserId, ...rows.map((row) => row.userId)];
}

/** The 24 hours ending with the current one, oldest first, each with its count (zeros included). */
function hourlySeries(counted: Map<number, number>, now: Date): HourlyCount[] {
  const last = hourOf(now).getTime();
  return Array.from({ length: HOURS_CHARTED }, (_, index) => {
    const hour = last - (HOURS_CHARTED - 1 - index) * HOUR_MS;
    return { hour: new Date(hour).toISOString(), count: counted.get(hour) ?? 0 };
  });
}

/** Event names by count, then name, the first `limit`. */
function topEvents(pairs: { event: string; count: number }[], limit: number): TopEvent[] {
  const byEvent = new Map<string, number>();
  for (const pair of pairs) byEvent.set(pair.event, (byEvent.get(pair.event) ?? 0) + pair.count);
  return [...byEvent]
    .map(([event, total]) => ({ event, count: total }))
    .sort((a, b) => b.count - a.count || (a.event < b.event ? -1 : 1))
    .slice(0, limit);
}

/** The dashboard's reads, always within a scope from `agentScope`. */
export function createUsageReports(db: Db) {
  return {
    /**
     * Totals over all time. The (user, event) pairs come from one index-only scan of
     * `analytics_events_user_id_event_idx`; totals, unique users and top events are summed here.
     */
    async stats(scope: string[], now: Date): Promise<AnalyticsStats> {
      const since = new Date(hourOf(now).getTime() - (HOURS_CHARTED - 1) * HOUR_MS);
      // date_trunc with a time zone: hours in UTC whatever the session's TimeZone is.
      const hour = sql<Date>`date_trunc('hour', ${analyticsEvents.timestamp}, 'UTC')`.mapWith(
        analyticsEvents.timestamp,
      );
      const [pairs, [sessions], hours] = await Promise.all([
        db
          .select({ userId: analyticsEvents.userId, event: analyticsEvents.event, count: count() })
          .from(analyticsEvents)
          .where(inArray(analyticsEvents.userId, scope))
          .groupBy(analyticsEvents.userId, analyticsEvents.event),
        db.select({ count: count() }).from(analyticsSessions).where(inArray(analyticsSessions.userId, scope)),
        db
          .select({ hour, count: count() })
          .from(analyticsEvents)
          .where(and(inArray(analyticsEvents.userId, scope), gte(analyticsEvents.timestamp, since)))
          .groupBy(hour),
      ]);
      return {
        totalEvents: pairs.reduce((sum, pair) => sum + pair.count, 0),
        totalSessions: sessions?.count ?? 0,
        uniqueUsers: new Set(pairs.map((pair) => pair.userId)).size,
        topEvents: topEvents(pairs, ANALYTICS_LIMITS.topEventsListed),
        eventsPerHour: hourlySeries(new Map(hours.map((row) => [row.hour.getTime(), row.count])), now),
      };
    },

    /**
     * The last 24 hours' 20 newest events; sessions seen in the last 30 minutes (ended or not);
     * users with a session among them that has not ended. Events and sessions carry their user's
     * name (the scope is the agent and their clients, whom the agent knows by name). Only a session
     * id's last 8 characters leave the service.
     */
    async realtime(scope: string[], now: Date): Promise<AnalyticsRealtime> {
      const eventsSince = new Date(now.getTime() - ANALYTICS_LIMITS.recentEventsWindowHours * HOUR_MS);
      const sessionsSince = new Date(now.getTime() - ANALYTICS_LIMITS.activeSessionWindowMinutes * 60_000);
      const seen = and(
        inArray(analyticsSessions.userId, scope),
        gte(analyticsSessions.lastEventAt, sessionsSince),
      );
      const [events, sessions, [active]] = await Promise.all([
        db
          .select({
            id: analyticsEvents.id,
            event: analyticsEvents.event,
            timestamp: analyticsEvents.timestamp,
            pageUrl: sql<string | null>`${analyticsEvents.properties} ->> 'url'`,
            userId: analyticsEvents.userId,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(analyticsEvents)
          .leftJoin(users, eq(users.id, analyticsEvents.userId))
          .where(and(inArray(analyticsEvents.userId, scope), gte(analyticsEvents.timestamp, eventsSince)))
          .orderBy(desc(analyticsEvents.timestamp), desc(analyticsEvents.id))
          .limit(ANALYTICS_LIMITS.recentEvents),
        db
          .select({ session: analyticsSessions, firstName: users.firstName, lastName: users.lastName })
          .from(analyticsSessions)
          .leftJoin(users, eq(users.id, analyticsSessions.userId))
          .where(seen)
          .orderBy(desc(analyticsSessions.lastEventAt), desc(analyticsSessions.sessionId))
          .limit(ANALYTICS_LIMITS.activeSessionsListed),
        db
          .select({ users: countDistinct(analyticsSessions.userId) })
          .from(analyticsSessions)
          .where(and(seen, isNull(analyticsSessions.endTime))),
      ]);
      return {
        activeUsers: active?.users ?? 0,
        recentEvents: events.map(({ firstName, lastName, ...row }) => ({
          ...row,
          userName: nameOf({ firstName, lastName }),
          timestamp: row.timestamp.toISOString(),
        })),
        activeSessions: sessions.map(({ session, ...name }) => ({
          sessionId: session.sessionId.slice(-ANALYTICS_LIMITS.sessionIdSuffixLength),
          userId: session.userId,
          userName: nameOf(name),
          pageViews: session.pageViews,
          events: session.events,
          startTime: session.startTime.toISOString(),
          endTime: session.endTime?.toISOString() ?? null,
          lastEventAt: session.lastEventAt.toISOString(),
        })),
      };
    },
  };
}
export type UsageReports = ReturnType<typeof createUsageReports>;
