import type { UsageEvent } from '@listready/contracts';

/** Who sent a batch, as the request shows it (never as the events claim). */
export interface IngestContext {
  /** The signed-in user of the request; null for a visitor. */
  userId: string | null;
  /** The request's User-Agent header. */
  userAgent: string | undefined;
  /** Already truncated (see ip-address.ts). */
  ipAddress: string | null;
  receivedAt: Date;
}

export interface EventRow {
  userId: string | null;
  sessionId: string;
  /** The tracker's id for the event; null when the page sent none. */
  clientEventId: string | null;
  event: string;
  properties: Record<string, unknown>;
  timestamp: Date;
}

/** What one batch adds to one session. */
export interface SessionDelta {
  sessionId: string;
  userId: string | null;
  startTime: Date;
  lastEventAt: Date;
  /** The time of a `session_end` that is the session's latest event in the batch; else null (active). */
  endTime: Date | null;
  /** Every event of the session in the batch is a `session_end`. */
  endOnly: boolean;
  pageViews: number;
  events: number;
  userAgent: string | null;
  ipAddress: string | null;
}

export interface IngestPlan {
  events: EventRow[];
  /** Ordered by session id, so concurrent batches lock shared sessions in the same order. */
  sessions: SessionDelta[];
  context: IngestContext;
}

const USER_AGENT_MAX_LENGTH = 512;
/** Keys never stored, at any depth: the tracker sends none, and a buggy or hostile page must not either. */
const SECRET_KEY = /password|passwd|secret|token|authorization|cookie/i;
/** Deeper values are dropped: the tracker's properties are flat, and depth only costs. */
const MAX_DEPTH = 4;

function withoutSecrets(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) {
    return depth >= MAX_DEPTH ? [] : value.map((item) => withoutSecrets(item, depth + 1));
  }
  if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return {};
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, item]) => [key, withoutSecrets(item, depth + 1)]),
    );
  }
  return value;
}

/**
 * A validated batch as rows: every event is the request's user's (a visitor's have none), a time
 * in the future is the time it arrived (a wrong clock must not pin an event to the top of the
 * recent list), secret-looking keys are dropped, and each session gets its counts, first and last
 * event, and whether it ended.
 */
export function planIngest(batch: readonly UsageEvent[], context: IngestContext): IngestPlan {
  const seen = new Set<string>();
  const events: EventRow[] = batch.flatMap((item) => {
    // The same event twice in one batch is recorded once, as it would be across batches.
    const key = item.eventId === undefined ? null : `${item.sessionId} ${item.eventId}`;
    if (key !== null) {
      if (seen.has(key)) return [];
      seen.add(key);
    }
    const sent = new Date(item.timestamp);
    return {
      userId: context.userId,
      sessionId: item.sessionId,
      clientEventId: item.eventId ?? null,
      event: item.event,
      properties: withoutSecrets(item.properties, 0) as Record<string, unknown>,
      timestamp: sent > context.receivedAt ? context.receivedAt : sent,
    };
  });
  return { events, sessions: sessionDeltas(events, context), context };
}

/**
 * What `events` add to their sessions: counts, first and last event, and whether the session
 * ended. The store calls it again with the events an insert actually stored when some of a batch
 * had been recorded before, so a batch sent twice counts once.
 */
export function sessionDeltas(events: readonly EventRow[], context: IngestContext): SessionDelta[] {
  const headerAgent = context.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
  const sessions = new Map<string, SessionDelta & { latestEvent: string }>();
  for (const row of events) {
    const known = sessions.get(row.sessionId);
    const claimedAgent =
      typeof row.properties.userAgent === 'string'
        ? row.properties.userAgent.slice(0, USER_AGENT_MAX_LENGTH)
        : null;
    if (!known) {
      sessions.set(row.sessionId, {
        sessionId: row.sessionId,
        userId: context.userId,
        startTime: row.timestamp,
        lastEventAt: row.timestamp,
        endTime: null,
        endOnly: row.event === 'session_end',
        pageViews: row.event === 'page_view' ? 1 : 0,
        events: 1,
        userAgent: headerAgent ?? claimedAgent,
        ipAddress: context.ipAddress,
        latestEvent: row.event,
      });
      continue;
    }
    known.events += 1;
    if (row.event !== 'session_end') known.endOnly = false;
    if (row.event === 'page_view') known.pageViews += 1;
    if (row.timestamp < known.startTime) known.startTime = row.timestamp;
    if (row.timestamp >= known.lastEventAt) {
      known.lastEventAt = row.timestamp;
      known.latestEvent = row.event;
    }
  }
  return [...sessions.values()]
    .map(({ latestEvent, ...session }) => ({
      ...session,
      endTime: latestEvent === 'session_end' ? session.lastEventAt : null,
    }))
    .sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0));
}
