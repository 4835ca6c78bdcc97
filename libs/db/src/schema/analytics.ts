import { index, integer, jsonb, pgSchema, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deadLettersTable, id, outboxTable, processedEventsTable, timestamptz } from './common.ts';

/**
 * Owned by services/analytics: browser usage events and sessions, ingested from untrusted
 * clients, so `user_id` is a plain id (no foreign key): ingest never fails on it and history
 * survives account deletion.
 */
export const analyticsSchema = pgSchema('analytics');

export const analyticsEvents = analyticsSchema.table(
  'analytics_events',
  {
    id: id(),
    userId: text(),
    sessionId: text().notNull(),
    /** The browser tracker's id for the event (null for server events and older trackers). */
    clientEventId: uuid(),
    event: text().notNull(),
    properties: jsonb().$type<Record<string, unknown>>().notNull(),
    /** When it happened in the browser. */
    timestamp: timestamptz().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_timestamp_idx').on(t.timestamp),
    index('analytics_events_event_timestamp_idx').on(t.event, t.timestamp),
    index('analytics_events_user_id_timestamp_idx').on(t.userId, t.timestamp),
    // The dashboard's stats read (user, event) pairs of the agent's users from the index alone.
    index('analytics_events_user_id_event_idx').on(t.userId, t.event),
    index('analytics_events_session_id_idx').on(t.sessionId),
    // A batch sent twice (its answer lost after the insert) records each event once. Nulls are
    // distinct, so server events and older trackers' events never conflict.
    uniqueIndex('analytics_events_session_id_client_event_id_idx').on(t.sessionId, t.clientEventId),
  ],
);

export const analyticsSessions = analyticsSchema.table(
  'analytics_sessions',
  {
    sessionId: text().primaryKey(),
    userId: text(),
    startTime: timestamptz().notNull(),
    /** Null while the session is active. */
    endTime: timestamptz(),
    pageViews: integer().notNull().default(0),
    events: integer().notNull().default(0),
    userAgent: text(),
    /** Truncated before it is stored (IPv4 /24, IPv6 /48). */
    ipAddress: text(),
    /** The latest event's time: the realtime view lists sessions seen in the last 30 minutes. */
    lastEventAt: timestamptz().notNull().defaultNow(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('analytics_sessions_user_id_last_event_at_idx').on(t.userId, t.lastEventAt),
    index('analytics_sessions_start_time_idx').on(t.startTime),
  ],
);

export const analyticsOutbox = outboxTable(analyticsSchema);
export const analyticsProcessedEvents = processedEventsTable(analyticsSchema);
export const analyticsDeadLetters = deadLettersTable(analyticsSchema);
