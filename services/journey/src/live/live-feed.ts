import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { LIVE_EVENT_TYPES, topicFor, type DomainEvent, type LiveEvent } from '@listready/contracts';
import { clients, journeyOutbox, type Db } from '@listready/db';
import { parseEvent, type Transport, type TransportSubscription } from '@listready/events';

/** Whose events a listener hears: one household's journey, or every client of one agent. */
export type LiveTarget = { clientId: string } | { agentId: string };
export type LiveListener = (event: LiveEvent) => void;

/** Most events one reconnection replays; further back the screen is told to read everything again. */
export const REPLAY_LIMIT = 200;

const liveTypes = new Set<string>(LIVE_EVENT_TYPES);
const isLiveEvent = (event: DomainEvent): event is DomainEvent<(typeof LIVE_EVENT_TYPES)[number]> =>
  liveTypes.has(event.type);

/** What a screen is told about a domain event: which task changed, what and by whom. */
export function toLiveEvent(event: DomainEvent<(typeof LIVE_EVENT_TYPES)[number]>): LiveEvent {
  const base = { id: event.id, clientId: event.data.clientId, occurredAt: event.occurredAt };
  switch (event.type) {
    case 'task-completed':
      return {
        ...base,
        type: event.type,
        taskId: event.data.taskId,
        change: 'updated',
        fields: ['status'],
        actorUserId: event.data.actorUserId,
      };
    case 'task-updated':
      return {
        ...base,
        type: event.type,
        taskId: event.data.taskId,
        change: event.data.change,
        fields: event.data.fields,
        actorUserId: event.data.actorUserId,
      };
    case 'stage-completed':
      return { ...base, type: event.type, taskId: null, change: 'updated', fields: [], actorUserId: null };
  }
}

/**
 * The journey's events as they happen, for the open screens of households and agents connected to
 * this replica. Every replica subscribes to the backbone with a consumer group of its own (on Kafka
 * a fresh group per process, starting at the newest offset and deleted when the feed stops), so each
 * one sees every event whichever replica published it; the processed-events table is not involved,
 * as nothing is written.
 * A reconnection replays from journey.outbox, the durable record of every event the journey
 * published, in `seq` order after the last event the browser received.
 */
export function createLiveFeed(options: {
  db: Db;
  transport: Transport;
  logger: Logger;
  /** Default: `journey-live` in-process (one per process), `journey-live-<uuid>` on Kafka. */
  groupId?: string;
}) {
  const { db, transport } = options;
  const logger = options.logger.child({ component: 'live-feed' });
  const groupId =
    options.groupId ?? (transport.kind === 'in-process' ? 'journey-live' : `journey-live-${randomUUID()}`);
  const byClient = new Map<string, Set<LiveListener>>();
  const byAgent = new Map<string, Set<LiveListener>>();
  let subscription: TransportSubscription | null = null;

  const add = (map: Map<string, Set<LiveListener>>, key: string, listener: LiveListener) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) map.delete(key);
    };
  };

  async function agentOf(clientId: string): Promise<string | null> {
    const [row] = await db
      .select({ agentId: clients.agentId })
      .from(clients)
      .where(eq(clients.id, clientId))
      .limit(1);
    return row?.agentId ?? null;
  }

  async function deliver(event: LiveEvent): Promise<void> {
    const listeners = [...(byClient.get(event.clientId) ?? [])];
    // The client's agent, asked when the event comes (a client may have changed agents since).
    const agentId = byAgent.size > 0 ? await agentOf(event.clientId) : null;
    if (agentId) listeners.push(...(byAgent.get(agentId) ?? []));
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: error }, 'a live listener failed');
      }
    }
  }

  return {
    groupId,

    async start(): Promise<void> {
      subscription = await transport.subscribe({
        groupId,
        topics: LIVE_EVENT_TYPES.map((type) => topicFor(type)),
        fromBeginning: false,
        // Its position is of no use to the next process, which has a group of its own: deleted at stop.
        ephemeral: true,
        handle: async (message) => {
          let event: DomainEvent;
          try {
            event = parseEvent(message.value);
          } catch (error) {
            // Not ours to dead-letter (the journey's own consumers do that): skipped here.
            logger.warn({ err: error, topic: message.topic }, 'live feed skipped an unreadable event');
            return;
          }
          if (isLiveEvent(event)) await deliver(toLiveEvent(event));
        },
      });
      logger.info({ groupId }, 'live feed started');
    },

    async stop(): Promise<void> {
      await subscription?.stop();
      subscription = null;
    },

    /** Calls `listener` with each event of `target` from now on; returns the way to stop. */
    listen(target: LiveTarget, listener: LiveListener): () => void {
      return 'clientId' in target
        ? add(byClient, target.clientId, listener)
        : add(byAgent, target.agentId, listener);
    },

    /**
     * The events of `target` published after the event `afterId`, oldest first; null when that
     * event is unknown (not the journey's, or another database) or more than REPLAY_LIMIT came
     * since: the screen then reads everything again.
     */
    async replay(afterId: string, target: LiveTarget): Promise<LiveEvent[] | null> {
      const [after] = await db
        .select({ seq: journeyOutbox.seq })
        .from(journeyOutbox)
        .where(eq(journeyOutbox.id, afterId))
        .limit(1);
      if (!after) return null;
      const keys =
        'clientId' in target
          ? [target.clientId]
          : (
              await db.select({ id: clients.id }).from(clients).where(eq(clients.agentId, target.agentId))
            ).map((row) => row.id);
      if (keys.length === 0) return [];
      // The primary key's range from `after` on, filtered: a reconnection comes soon after the drop.
      const rows = await db
        .select({ envelope: journeyOutbox.envelope })
        .from(journeyOutbox)
        .where(
          and(
            gt(journeyOutbox.seq, after.seq),
            inArray(journeyOutbox.type, [...LIVE_EVENT_TYPES]),
            inArray(journeyOutbox.key, keys),
          ),
        )
        .orderBy(asc(journeyOutbox.seq))
        .limit(REPLAY_LIMIT + 1);
      if (rows.length > REPLAY_LIMIT) return null;
      const events: LiveEvent[] = [];
      for (const row of rows) {
        const event = parseEvent(JSON.stringify(row.envelope));
        if (isLiveEvent(event)) events.push(toLiveEvent(event));
      }
      return events;
    },
  };
}
export type LiveFeed = ReturnType<typeof createLiveFeed>;
