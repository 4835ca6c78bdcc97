import { and, between, eq, inArray, isNotNull, max, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { REMINDER_TASK_SOURCES } from '@listready/contracts';
import {
  agents,
  calendarEvents,
  clients,
  clientTasks,
  customTasks,
  journeyStages,
  tasks,
  userGroupMemberships,
  userGroups,
  users,
  type Db,
} from '@listready/db';

export type TaskSource = (typeof REMINDER_TASK_SOURCES)[number];
/** The database or a transaction of it: what a read needs. */
export type Queryable = Pick<Db, 'select'>;

/** A task with a due date, journey or custom, as calendars and reminders show it. */
export interface DatedTask {
  source: TaskSource;
  id: string;
  clientId: string;
  sellerUserId: string;
  sellerName: string;
  title: string;
  description: string | null;
  stageName: string | null;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  completed: boolean;
  assignedTo: string | null;
  updatedAt: Date;
}

/** Which journeys appear in a person's calendar, and how much of each. */
export interface FeedScope {
  clientId: string;
  /** all: every dated task (their own journey, an agent's client); assigned: what names them. */
  tasks: 'all' | 'assigned';
}

/**
 * The journeys of one person: their own as a seller (everything), each household they are an active
 * member of (what is assigned to them), and as an agent every linked client (everything). A person
 * may be more than one of these; the widest scope of a journey wins.
 */
export async function feedScopesOf(db: Db, userId: string): Promise<FeedScope[]> {
  const [own, households, agentClients] = await Promise.all([
    db.select({ clientId: clients.id }).from(clients).where(eq(clients.userId, userId)),
    db
      .select({ clientId: clients.id })
      .from(userGroupMemberships)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMemberships.groupId))
      .innerJoin(clients, eq(clients.userId, userGroups.ownerId))
      .where(
        and(
          eq(userGroupMemberships.userId, userId),
          eq(userGroupMemberships.isActive, true),
          eq(userGroups.isActive, true),
        ),
      ),
    db
      .select({ clientId: clients.id })
      .from(clients)
      .innerJoin(agents, eq(agents.id, clients.agentId))
      .where(eq(agents.userId, userId)),
  ]);
  const scopes = new Map<string, FeedScope['tasks']>();
  for (const { clientId } of households) scopes.set(clientId, 'assigned');
  for (const { clientId } of [...own, ...agentClients]) scopes.set(clientId, 'all');
  return [...scopes].map(([clientId, scope]) => ({ clientId, tasks: scope }));
}

/** Every dated task (journey and custom) of the given journeys, in two statements. */
export async function datedTasksOf(db: Db, clientIds: string[]): Promise<DatedTask[]> {
  if (clientIds.length === 0) return [];
  return datedTasksWhere(db, {
    journey: inArray(clientTasks.clientId, clientIds),
    custom: inArray(customTasks.clientId, clientIds),
  });
}

/** Every open task (journey or custom) due from `from` to `to` ('YYYY-MM-DD', both included). */
export function openTasksDueBetween(db: Queryable, from: string, to: string): Promise<DatedTask[]> {
  return datedTasksWhere(db, {
    journey: and(
      between(clientTasks.dueDate, from, to),
      notInArray(clientTasks.status, ['completed', 'skipped']),
    ),
    custom: and(between(customTasks.dueDate, from, to), ne(customTasks.status, 'completed')),
  });
}

/** One journey task or custom task by id (undefined: it is gone, or has no due date any more). */
export async function datedTaskById(
  db: Queryable,
  source: TaskSource,
  id: string,
): Promise<DatedTask | undefined> {
  const [task] = await datedTasksWhere(
    db,
    source === 'journey'
      ? { journey: eq(clientTasks.id, id), custom: undefined }
      : { journey: undefined, custom: eq(customTasks.id, id) },
  );
  return task;
}

async function datedTasksWhere(
  db: Queryable,
  where: { journey: SQL | undefined; custom: SQL | undefined },
): Promise<DatedTask[]> {
  const [journeyRows, customRows] = await Promise.all([
    where.journey === undefined
      ? []
      : db
          .select({
            id: clientTasks.id,
            clientId: clientTasks.clientId,
            sellerUserId: clients.userId,
            firstName: users.firstName,
            lastName: users.lastName,
            title: tasks.title,
            description: tasks.description,
            stageName: journeyStages.name,
            dueDate: clientTasks.dueDate,
            status: clientTasks.status,
            assignedTo: clientTasks.assignedTo,
            updatedAt: clientTasks.updatedAt,
          })
          .from(clientTasks)
          .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
          .innerJoin(journeyStages, eq(journeyStages.id, tasks.stageId))
          .innerJoin(clients, eq(clients.id, clientTasks.clientId))
          .innerJoin(users, eq(users.id, clients.userId))
          .where(and(where.journey, isNotNull(clientTasks.dueDate))),
    where.custom === undefined
      ? []
      : db
          .select({
            id: customTasks.id,
            clientId: customTasks.clientId,
            sellerUserId: clients.userId,
            firstName: users.firstName,
            lastName: users.lastName,
            title: customTasks.title,
            description: customTasks.description,
            stageName: journeyStages.name,
            dueDate: customTasks.dueDate,
            status: customTasks.status,
            assignedTo: customTasks.assignedTo,
            updatedAt: customTasks.updatedAt,
          })
          .from(customTasks)
          .leftJoin(journeyStages, eq(journeyStages.id, customTasks.stageId))
          .innerJoin(clients, eq(clients.id, customTasks.clientId))
          .innerJoin(users, eq(users.id, clients.userId))
          .where(and(where.custom, isNotNull(customTasks.dueDate))),
  ]);
  type Row = (typeof journeyRows)[number] | (typeof customRows)[number];
  const toTask =
    (source: TaskSource) =>
    (row: Row): DatedTask => ({
      source,
      id: row.id,
      clientId: row.clientId,
      sellerUserId: row.sellerUserId,
      sellerName: `${row.firstName} ${row.lastName}`.trim(),
      title: row.title,
      description: row.description,
      stageName: row.stageName,
      dueDate: row.dueDate ?? '',
      completed: row.status === 'completed',
      assignedTo: row.assignedTo,
      updatedAt: row.updatedAt,
    });
  return [...journeyRows.map(toTask('journey')), ...customRows.map(toTask('custom'))];
}

/** `<source>:<task id>`, the key of a task's reminder settings. */
export const taskKey = (source: TaskSource, id: string) => `${source}:${id}`;

/**
 * A person's own reminder minutes per task, from their `calendar_events` rows (the spec's data
 * model); a task without one uses the column's default (60).
 */
export async function reminderMinutesOf(db: Queryable, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: calendarEvents.userId,
      taskId: calendarEvents.taskId,
      customTaskId: calendarEvents.customTaskId,
      reminderMinutes: calendarEvents.reminderMinutes,
    })
    .from(calendarEvents)
    .where(
      and(
        inArray(calendarEvents.userId, userIds),
        or(isNotNull(calendarEvents.taskId), isNotNull(calendarEvents.customTaskId)),
      ),
    );
  const minutes = new Map<string, number>();
  for (const row of rows) {
    const key = row.taskId ? taskKey('journey', row.taskId) : taskKey('custom', row.customTaskId ?? '');
    minutes.set(`${row.userId}|${key}`, row.reminderMinutes);
  }
  return minutes;
}

/** The longest reminder anyone set on a task (null: none set; everyone has the default). */
export async function longestReminderMinutes(db: Queryable): Promise<number | null> {
  const [row] = await db
    .select({ minutes: max(calendarEvents.reminderMinutes) })
    .from(calendarEvents)
    .where(or(isNotNull(calendarEvents.taskId), isNotNull(calendarEvents.customTaskId)));
  return row?.minutes ?? null;
}
