import { and, eq, gt, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AgentInsights, ClientInsight, ReadinessForecast, StalledReason } from '@listready/contracts';
import { clients, clientTasks, customTasks, properties, tasks, users, type Db } from '@listready/db';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import {
  currentStage,
  stageStatesOfTallies,
  todayOfClients,
  type StageTally,
} from '../rules/journey-rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The pace is the last four weeks' completions: long enough to smooth a busy weekend out… */
export const PACE_WINDOW_DAYS = 28;
/** …and never fewer than a week, so a client's first busy hour does not promise a list date tomorrow. */
export const MIN_PACE_WINDOW_DAYS = 7;

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
/** `min(due_date) FILTER (WHERE …)` as text ('YYYY-MM-DD', whatever the driver makes of dates). */
const earliestWhere = (column: AnyPgColumn, condition: SQL | undefined) =>
  sql<string | null>`(min(${column}) filter (where ${condition}))::text`;
const utcDate = (at: Date) => at.toISOString().slice(0, 10);
const addDays = (isoDate: string, days: number) =>
  utcDate(new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS));

/**
 * Open tasks due before a day, counted in three buckets because every time zone's today is UTC's
 * yesterday, today or tomorrow: due before UTC's yesterday (overdue everywhere), due yesterday and
 * due today (overdue where today has already moved past them). One client's overdue count is then
 * the buckets before their own today.
 */
interface OverdueBuckets {
  dueBeforeYesterday: number;
  earliestBeforeYesterday: string | null;
  dueYesterday: number;
  dueToday: number;
}

function overdueColumns(dueDate: AnyPgColumn, open: SQL, days: { yesterday: string; today: string }) {
  const before = and(open, lt(dueDate, days.yesterday));
  return {
    dueBeforeYesterday: countWhere(before),
    earliestBeforeYesterday: earliestWhere(dueDate, before),
    dueYesterday: countWhere(and(open, eq(dueDate, days.yesterday))),
    dueToday: countWhere(and(open, eq(dueDate, days.today))),
  };
}

interface Overdue {
  tasks: number;
  oldestDueDate: string | null;
}

/** Adds one row's buckets to a client's overdue tasks, as seen from the client's own today. */
function addOverdue(
  total: Overdue,
  row: OverdueBuckets,
  clientToday: string,
  days: { yesterday: string; today: string },
) {
  const buckets: [number, string | null][] = [[row.dueBeforeYesterday, row.earliestBeforeYesterday]];
  if (clientToday > days.yesterday) buckets.push([row.dueYesterday, days.yesterday]);
  if (clientToday > days.today) buckets.push([row.dueToday, days.today]);
  for (const [count, date] of buckets) {
    if (count === 0 || date === null) continue;
    total.tasks += count;
    if (total.oldestDueDate === null || date < total.oldestDueDate) total.oldestDueDate = date;
  }
}

/**
 * The agent dashboard's readiness insights (issue 19, item 3), set-based: three statements whatever
 * the number of clients — the agent's clients, one grouped pass over their task rows (completed,
 * completed within the pace window, open and overdue per stage) and one over their dated custom
 * tasks — each reaching the rows through `clients.agent_id`. The stage rule is the seller journey's
 * own (`stageStatesOfTallies`), so the stage and the list-ready point are what the seller sees.
 *
 * - Stalled: no activity (the clients tab's last activity) for `stalledAfterDays` days while the
 *   journey is unfinished, or open tasks due before the client's own today (Ready to Show!! items
 *   are a checklist and never overdue).
 * - Forecast: the remaining required tasks of the stages before Go Live and Show, at the pace of
 *   those tasks completed in the last PACE_WINDOW_DAYS days (or since the client joined, if later,
 *   but at least MIN_PACE_WINDOW_DAYS); none in the window: no forecast.
 */
export function createAgentInsights(options: {
  db: Db;
  content: () => Promise<JourneyContent>;
  clock: Clock;
  stalledAfterDays: number;
}) {
  const { db, clock, stalledAfterDays } = options;

  /** GET /api/agents/{agentId}/insights, for an agent id already checked to be the caller's. */
  return async function insights(agentId: string): Promise<AgentInsights> {
    const content = await options.content();
    const excludedStageIds = content.stages
      .filter((stage) => stage.excludedFromProgress)
      .map((stage) => stage.id);
    const now = clock();
    const today = utcDate(now);
    const days = { yesterday: addDays(today, -1), today };
    const windowStart = new Date(now.getTime() - PACE_WINDOW_DAYS * DAY_MS);
    const ofAgent = eq(clients.agentId, agentId);
    const openTask = ne(clientTasks.status, 'completed');
    const completed = eq(clientTasks.status, 'completed');

    const [clientList, stageRows, customRows] = await Promise.all([
      db
        .select({
          id: clients.id,
          createdAt: clients.createdAt,
          lastActivityAt: clients.updatedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          timezone: users.timezone,
          address: properties.address,
        })
        .from(clients)
        .leftJoin(users, eq(users.id, clients.userId))
        .leftJoin(properties, eq(properties.id, clients.propertyId))
        .where(ofAgent),
      db
        .select({
          clientId: clientTasks.clientId,
          stageId: tasks.stageId,
          isOptional: tasks.isOptional,
          completed: countWhere(completed),
          completedInWindow: countWhere(
            and(completed, gt(clientTasks.completedAt, windowStart), lte(clientTasks.completedAt, now)),
          ),
          ...overdueColumns(clientTasks.dueDate, openTask, days),
        })
        .from(clientTasks)
        .innerJoin(clients, eq(clients.id, clientTasks.clientId))
        .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
        .where(ofAgent)
        .groupBy(clientTasks.clientId, tasks.stageId, tasks.isOptional),
      db
        .select({
          clientId: customTasks.clientId,
          ...overdueColumns(customTasks.dueDate, ne(customTasks.status, 'completed'), days),
        })
        .from(customTasks)
        .innerJoin(clients, eq(clients.id, customTasks.clientId))
        .where(
          and(
            ofAgent,
            // Overdue anywhere means due on UTC's today at the latest.
            lte(customTasks.dueDate, today),
            or(isNull(customTasks.stageId), notInArray(customTasks.stageId, excludedStageIds)),
          ),
        )
        .groupBy(customTasks.clientId),
    ]);

    const todayOf = todayOfClients(clientList, now);

    const excluded = new Set(excludedStageIds);
    const preparation = new Set(content.preparationStageIds);
    const tallies = new Map<string, Map<string, StageTally>>();
    const recentCompletions = new Map<string, number>();
    const overdue = new Map<string, Overdue>();
    const overdueOf = (clientId: string) => {
      let total = overdue.get(clientId);
      if (!total) overdue.set(clientId, (total = { tasks: 0, oldestDueDate: null }));
      return total;
    };
    for (const row of stageRows) {
      if (row.completed > 0) {
        const ofClient = tallies.get(row.clientId) ?? new Map<string, StageTally>();
        const tally = ofClient.get(row.stageId) ?? { completed: 0, requiredCompleted: 0 };
        tally.completed += row.completed;
        if (!row.isOptional) tally.requiredCompleted += row.completed;
        ofClient.set(row.stageId, tally);
        tallies.set(row.clientId, ofClient);
      }
      // The pace counts what moves the client towards list-ready: required preparation tasks.
      if (!row.isOptional && preparation.has(row.stageId) && row.completedInWindow > 0)
        recentCompletions.set(
          row.clientId,
          (recentCompletions.get(row.clientId) ?? 0) + row.completedInWindow,
        );
      // Ready to Show!! items are a checklist, never overdue.
      if (excluded.has(row.stageId)) continue;
      addOverdue(overdueOf(row.clientId), row, todayOf.get(row.clientId) ?? today, days);
    }
    for (const row of customRows)
      addOverdue(overdueOf(row.clientId), row, todayOf.get(row.clientId) ?? today, days);

    const requiredPerStage = new Map<string, number>();
    for (const template of content.templates)
      if (!template.isOptional && preparation.has(template.stageId))
        requiredPerStage.set(template.stageId, (requiredPerStage.get(template.stageId) ?? 0) + 1);

    const noTallies = new Map<string, StageTally>();
    const homesPerStage = new Map<string | null, number>();
    const insightsOfClients: ClientInsight[] = clientList.map((client) => {
      const ofClient = tallies.get(client.id) ?? noTallies;
      const stage = currentStage(stageStatesOfTallies(content, ofClient));
      homesPerStage.set(stage?.id ?? null, (homesPerStage.get(stage?.id ?? null) ?? 0) + 1);

      let remainingTasks = 0;
      for (const [stageId, required] of requiredPerStage)
        remainingTasks += Math.max(0, required - (ofClient.get(stageId)?.requiredCompleted ?? 0));
      const clientToday = todayOf.get(client.id) ?? today;
      const forecast = forecastOf({
        remainingTasks,
        completedInWindow: recentCompletions.get(client.id) ?? 0,
        windowDays: paceWindowDays(client.createdAt, now),
        clientToday,
      });

      const stalledReasons: StalledReason[] = [];
      const inactiveDays = Math.floor((now.getTime() - client.lastActivityAt.getTime()) / DAY_MS);
      if (stage !== null && inactiveDays >= stalledAfterDays)
        stalledReasons.push({ kind: 'inactive', days: inactiveDays });
      const late = overdue.get(client.id);
      if (late && late.tasks > 0 && late.oldestDueDate !== null)
        stalledReasons.push({ kind: 'overdue', tasks: late.tasks, oldestDueDate: late.oldestDueDate });

      return {
        clientId: client.id,
        firstName: client.firstName ?? '',
        lastName: client.lastName ?? '',
        address: client.address,
        lastActivityAt: client.lastActivityAt.toISOString(),
        currentStage: stage ? { id: stage.id, name: stage.name } : null,
        forecast,
        stalledReasons,
      };
    });

    return {
      rules: { stalledAfterDays, paceWindowDays: PACE_WINDOW_DAYS },
      clients: insightsOfClients.sort(stalledFirst),
      pipeline: [
        ...content.countedStages.map((stage) => ({
          stage: { id: stage.id, name: stage.name },
          homes: homesPerStage.get(stage.id) ?? 0,
        })),
        { stage: null, homes: homesPerStage.get(null) ?? 0 },
      ],
    };
  };
}
export type AgentInsightsReader = ReturnType<typeof createAgentInsights>;

/** Whole days of the pace window: the last PACE_WINDOW_DAYS, since joining if later, at least a week. */
export function paceWindowDays(joinedAt: Date, now: Date): number {
  const sinceJoining = Math.ceil((now.getTime() - joinedAt.getTime()) / DAY_MS);
  return Math.min(PACE_WINDOW_DAYS, Math.max(MIN_PACE_WINDOW_DAYS, sinceJoining));
}

/** The list-ready date at the client's pace: today plus remaining ÷ (completions per day), rounded up. */
export function forecastOf(input: {
  remainingTasks: number;
  completedInWindow: number;
  windowDays: number;
  clientToday: string;
}): ReadinessForecast {
  const { remainingTasks, completedInWindow, windowDays, clientToday } = input;
  if (remainingTasks === 0) return { status: 'ready' };
  if (completedInWindow === 0) return { status: 'not-enough-activity', remainingTasks };
  return {
    status: 'projected',
    date: addDays(clientToday, Math.ceil((remainingTasks * windowDays) / completedInWindow)),
    remainingTasks,
    tasksPerWeek: Math.round((completedInWindow * 70) / windowDays) / 10,
  };
}

const inactiveDaysOf = (client: ClientInsight) =>
  client.stalledReasons.find((reason) => reason.kind === 'inactive')?.days ?? -1;
const overdueTasksOf = (client: ClientInsight) =>
  client.stalledReasons.find((reason) => reason.kind === 'overdue')?.tasks ?? 0;

/** Stalled clients first (longest inactive, then most overdue), then everyone by name. */
function stalledFirst(a: ClientInsight, b: ClientInsight): number {
  return (
    Number(b.stalledReasons.length > 0) - Number(a.stalledReasons.length > 0) ||
    inactiveDaysOf(b) - inactiveDaysOf(a) ||
    overdueTasksOf(b) - overdueTasksOf(a) ||
    `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`) ||
    a.clientId.localeCompare(b.clientId)
  );
}
