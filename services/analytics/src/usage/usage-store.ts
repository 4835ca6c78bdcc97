import { and, eq, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { SERVER_SESSION_ID } from '@listready/contracts';
import {
  analyticsEvents,
  analyticsSessions,
  clients,
  executePrepared,
  type Db,
  type Executor,
} from '@listready/db';
import { sessionDeltas, type IngestPlan } from './ingest-plan.ts';

/** A domain event recorded as a server-side usage event (see events/domain-events.ts). */
export type ServerEventRow = {
  /** The domain event's id: recording it twice is impossible. */
  id: string;
  event: string;
  properties: Record<string, unknown>;
  timestamp: Date;
} & (
  | {
      /** Whose usage it is (the inviter, the new account…); null when unknown. */
      userId: string | null;
    }
  | {
      /**
       * Whose usage it is given as a journey client: their seller (journey's table, read only here,
       * in the same statement); null once the client is deleted.
       */
      sellerOfClient: string;
    }
);

/** The `excluded` row of an upsert (what the batch brought), by column. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Writes to the analytics schema: ingested batches and server-side events. */
export function createUsageStore(db: Db) {
  /**
   * A domain event's usage row (one per task or stage completed, invitation…), its user given or
   * read in the same statement: built once and named, so Postgres parses and plans it once per
   * connection, not once per event.
   */
  const insertServerEvent = (name: string, userId: SQL) =>
    db
      .insert(analyticsEvents)
      .values({
        id: sql.placeholder('id'),
        event: sql.placeholder('event'),
        userId,
        properties: sql.placeholder('properties'),
        timestamp: sql.placeholder('timestamp'),
        sessionId: SERVER_SESSION_ID,
      })
      .onConflictDoNothing({ target: analyticsEvents.id })
      .prepare(name);
  const insertUserEvent = insertServerEvent('analytics_record_user_event', sql`${sql.placeholder('userId')}`);
  const insertSellerEvent = insertServerEvent(
    'analytics_record_seller_event',
    sql`(select ${clients.userId} from ${clients} where ${clients.id} = ${sql.placeholder('clientId')})`,
  );
  return {
    /**
     * One batch in one transaction: its events in one insert, its sessions upserted. A session's
     * counts add up, its start is the earliest event and its last event the latest; the newest
     * batch says whether it has ended (a `session_end` last) or goes on (anything else reopens it).
     * A session belongs to the first user seen in it: a visitor's session is claimed at sign-in,
     * and nobody else's batch (another user's, or a visitor's) changes an owned session — except
     * that a visitor's batch holding only `session_end` for it ends it. That is the tracker after
     * sign-out: the cookie is gone when it reports the end of the session the user had. Ending is
     * all it may do (no counts), it needs the whole session id (only its last 8 characters are
     * ever shown), and the next event of the session reopens it.
     *
     * An event the tracker sent before (same session and event id: its answer was lost after the
     * insert, and the tracker sent the batch again) is not stored again, and the sessions count
     * only what this insert stored.
     */
    async ingest(plan: IngestPlan): Promise<void> {
      if (plan.events.length === 0) return;
      await db.transaction(async (tx) => {
        const stored = await tx
          .insert(analyticsEvents)
          .values(plan.events)
          .onConflictDoNothing({ target: [analyticsEvents.sessionId, analyticsEvents.clientEventId] })
          .returning({ sessionId: analyticsEvents.sessionId, clientEventId: analyticsEvents.clientEventId });
        let sessions = plan.sessions;
        if (stored.length < plan.events.length) {
          const storedIds = new Set(stored.map((row) => `${row.sessionId} ${row.clientEventId}`));
          const fresh = plan.events.filter(
            (row) => row.clientEventId === null || storedIds.has(`${row.sessionId} ${row.clientEventId}`),
          );
          if (fresh.length === 0) return;
          sessions = sessionDeltas(fresh, plan.context);
        }
        await tx
          .insert(analyticsSessions)
          .values(sessions.map(({ endOnly: _endOnly, ...session }) => session))
          .onConflictDoUpdate({
            target: analyticsSessions.sessionId,
            set: {
              userId: sql`coalesce(${analyticsSessions.userId}, ${excluded('user_id')})`,
              pageViews: sql`${analyticsSessions.pageViews} + ${excluded('page_views')}`,
              events: sql`${analyticsSessions.events} + ${excluded('events')}`,
              startTime: sql`least(${analyticsSessions.startTime}, ${excluded('start_time')})`,
              endTime: sql`case when ${excluded('last_event_at')} >= ${analyticsSessions.lastEventAt}
                then ${excluded('end_time')} else ${analyticsSessions.endTime} end`,
              lastEventAt: sql`greatest(${analyticsSessions.lastEventAt}, ${excluded('last_event_at')})`,
              userAgent: sql`coalesce(${excluded('user_agent')}, ${analyticsSessions.userAgent})`,
              ipAddress: sql`coalesce(${excluded('ip_address')}, ${analyticsSessions.ipAddress})`,
            },
            setWhere: or(
              isNull(analyticsSessions.userId),
              sql`${analyticsSessions.userId} = ${excluded('user_id')}`,
            ),
          });
        for (const session of sessions) {
          if (session.userId !== null || !session.endOnly || !session.endTime) continue;
          await tx
            .update(analyticsSessions)
            .set({ endTime: session.endTime })
            .where(
              and(
                eq(analyticsSessions.sessionId, session.sessionId),
                isNotNull(analyticsSessions.userId),
                isNull(analyticsSessions.endTime),
                lte(analyticsSessions.lastEventAt, session.endTime),
              ),
            );
        }
      });
    },

    /** In the consumer's transaction `tx`; a second delivery of the same event inserts nothing. */
    async recordServerEvent(tx: Executor, row: ServerEventRow): Promise<void> {
      const { id, event, properties, timestamp } = row;
      const values = { id, event, properties, timestamp };
      if ('sellerOfClient' in row)
        await executePrepared(tx, insertSellerEvent, { ...values, clientId: row.sellerOfClient });
      else await executePrepared(tx, insertUserEvent, { ...values, userId: row.userId });
    },
  };
}
export type UsageStore = ReturnType<typeof createUsageStore>;
