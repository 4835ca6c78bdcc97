/**
 * Effects counted on the server: each task completion the journey service committed (its outbox
 * holds one `task-completed` per transition, written in the change's transaction) against each
 * one analytics applied (its usage row carries the event's id). Equal sets: nothing lost, nothing
 * applied twice (the usage row's id is the event id, so a second application cannot hide in a count).
 */
import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { agents, analyticsEvents, clients, journeyOutbox, type Database } from '@listready/db';
import { SERVER_USAGE_EVENTS } from '@listready/contracts';
import { sleep } from '../support/harness.ts';
import { percentile } from './users.ts';

/** Where the journey outbox stands: completions after this mark belong to the next run. */
export async function outboxMark(database: Database): Promise<number> {
  const [row] = await database.db.select({ seq: max(journeyOutbox.seq) }).from(journeyOutbox);
  return row?.seq ?? 0;
}

export interface EffectCount {
  /** task-completed events the journey service committed after the mark. */
  committed: number;
  /** Of those, how many analytics applied (once each: its row id is the event id). */
  applied: number;
  /** Events analytics applied that the journey never committed (must be 0). */
  unknown: number;
  /** Committed → applied (ms), p50 and p99, and how long the last one took to arrive after the run. */
  p50: number;
  p99: number;
  /** Time waited after the run for the consumer to catch up (ms). */
  caughtUpAfterMs: number;
}

/** Waits (up to `timeoutMs`) until analytics has applied every task-completed committed after `mark`. */
export async function countEffects(
  database: Database,
  mark: number,
  timeoutMs = 120_000,
): Promise<EffectCount> {
  const { db } = database;
  const started = Date.now();
  const taskCompleted = SERVER_USAGE_EVENTS['task-completed'];
  for (;;) {
    const committed = await db
      .select({ id: journeyOutbox.id, createdAt: journeyOutbox.createdAt })
      .from(journeyOutbox)
      .where(and(eq(journeyOutbox.type, 'task-completed'), gt(journeyOutbox.seq, mark)));
    const ids = committed.map((row) => row.id);
    const applied =
      ids.length === 0
        ? []
        : await db
            .select({ id: analyticsEvents.id, createdAt: analyticsEvents.createdAt })
            .from(analyticsEvents)
            .where(and(eq(analyticsEvents.event, taskCompleted), inArray(analyticsEvents.id, ids)));
    const done = applied.length === ids.length;
    if (done || Date.now() - started > timeoutMs) {
      const since = committed.reduce((min, row) => Math.min(min, row.createdAt.getTime()), Infinity);
      const [unknown] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.event, taskCompleted),
            gt(analyticsEvents.createdAt, new Date(Number.isFinite(since) ? since : Date.now())),
            sql`not exists (select 1 from ${journeyOutbox} where ${journeyOutbox.id} = ${analyticsEvents.id})`,
          ),
        );
      const committedAt = new Map(committed.map((row) => [row.id, row.createdAt.getTime()]));
      const delays = applied.map((row) => row.createdAt.getTime() - (committedAt.get(row.id) ?? 0));
      return {
        committed: ids.length,
        applied: applied.length,
        unknown: unknown?.count ?? 0,
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        caughtUpAfterMs: Date.now() - started,
      };
    }
    await sleep(500);
  }
}

/**
 * Links each seller to an agent (round robin), as an accepted invitation does, so the agents'
 * dashboards have clients to read. Waits for journey's user-registered consumer to make the rows.
 */
export async function linkSellersToAgents(
  database: Database,
  sellerUserIds: string[],
  agentUserIds: string[],
): Promise<void> {
  const { db } = database;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(clients)
      .where(inArray(clients.userId, sellerUserIds));
    if ((row?.count ?? 0) >= sellerUserIds.length) break;
    if (Date.now() > deadline)
      throw new Error(`only ${row?.count} of ${sellerUserIds.length} sellers have journeys`);
    await sleep(250);
  }
  const agentRows = await db
    .select({ id: agents.id, userId: agents.userId })
    .from(agents)
    .where(inArray(agents.userId, agentUserIds));
  if (agentRows.length === 0) throw new Error('no agent rows');
  for (const [index, userId] of sellerUserIds.entries()) {
    const agent = agentRows[index % agentRows.length];
    if (agent) await db.update(clients).set({ agentId: agent.id }).where(eq(clients.userId, userId));
  }
}
