import { and, eq, ne } from 'drizzle-orm';
import {
  JourneyErrorCode,
  journeyMessages,
  type CustomTask,
  type CustomTaskCreate,
  type CustomTaskUpdate,
  type TaskUpdatedV2,
} from '@listready/contracts';
import { customTasks, deletedCustomTasks, users, type Db, type Executor } from '@listready/db';
import type { EventBus } from '@listready/events';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@listready/service-kit';
import type { ClientRepository } from '../clients/client-repository.ts';
import type { JourneyAccess } from '../households/journey-access.ts';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { publishTaskCompleted, publishTaskUpdated } from '../events/journey-events.ts';
import { compareTasks, toViewStatus } from '../rules/journey-rules.ts';

type CustomTaskRow = typeof customTasks.$inferSelect;

export class CustomTaskNotFoundError extends NotFoundError {
  constructor() {
    super(journeyMessages.taskNotFound, JourneyErrorCode.taskNotFound);
    this.name = 'CustomTaskNotFoundError';
  }
}

/** A new task's id (made by the seller's device) already names a task of another journey. */
export class CustomTaskIdTakenError extends ConflictError {
  constructor() {
    super(journeyMessages.taskIdTaken, JourneyErrorCode.taskIdTaken);
    this.name = 'CustomTaskIdTakenError';
  }
}

/** A new task's id names a task of this journey deleted since: a deleted task is not made again. */
export class CustomTaskDeletedError extends ConflictError {
  constructor() {
    super(journeyMessages.taskDeleted, JourneyErrorCode.taskDeleted);
    this.name = 'CustomTaskDeletedError';
  }
}

/**
 * Thrown inside the creating transaction when the id already names a task of the same journey (a
 * creation sent again), so the transaction rolls back and leaves no trace; create() answers the
 * task it carries.
 */
class CreationReplayed extends Error {
  readonly task: CustomTask;
  constructor(task: CustomTask) {
    super('custom task creation replayed');
    this.name = 'CreationReplayed';
    this.task = task;
  }
}

/** How many times a creation with an id looks again when the task holding it vanished meanwhile. */
const REPLAY_LOOKUPS = 3;

/** Members work the seller's journey but do not delete the seller's tasks. */
export class MembersCannotDeleteError extends ForbiddenError {
  constructor() {
    super('Only the seller can delete their tasks');
    this.name = 'MembersCannotDeleteError';
  }
}

/** A custom task's columns as `task-updated` names them. */
const UPDATED_FIELD_OF = {
  title: 'title',
  description: 'description',
  priority: 'priority',
  dueDate: 'dueDate',
  assignedTo: 'assignedTo',
  stageId: 'stage',
} as const satisfies Partial<Record<keyof CustomTaskRow, TaskUpdatedV2['fields'][number]>>;

/** The fields a write changes (a value written again is no change). */
function changedFields(before: CustomTaskRow, after: CustomTaskRow): TaskUpdatedV2['fields'] {
  return (Object.keys(UPDATED_FIELD_OF) as (keyof typeof UPDATED_FIELD_OF)[])
    .filter((column) => before[column] !== after[column])
    .map((column) => UPDATED_FIELD_OF[column]);
}

type CompleterNames = { completerFirstName: string | null; completerLastName: string | null };

/** Custom tasks with the names of whoever completed each (for `completedBy`). */
const withCompleter = (executor: Executor) =>
  executor
    .select({ task: customTasks, completerFirstName: users.firstName, completerLastName: users.lastName })
    .from(customTasks)
    .leftJoin(users, eq(users.id, customTasks.completedBy));

export function toCustomTask(row: CustomTaskRow, names?: CompleterNames): CustomTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: toViewStatus(row.status),
    dueDate: row.dueDate,
    assignedTo: row.assignedTo,
    stageId: row.stageId,
    completedBy:
      row.status === 'completed' && row.completedBy
        ? {
            id: row.completedBy,
            name: `${names?.completerFirstName ?? ''} ${names?.completerLastName ?? ''}`.trim(),
          }
        : null,
    custom: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The seller's personal tasks. They sit in a stage (or none) but count neither for progress nor
 * for the stage rule; completing one publishes `task-completed` like a journey task (with or
 * without a stage); creating, any other change and deleting publish `task-updated` (created,
 * updated with the fields, deleted), so the household's open screens follow them live.
 */
export function createCustomTaskService(options: {
  db: Db;
  clients: ClientRepository;
  content: () => Promise<JourneyContent>;
  events: EventBus;
  clock: Clock;
}) {
  const { db, clients, events, clock } = options;

  async function checkStage(stageId: string | null | undefined): Promise<void> {
    if (stageId === null || stageId === undefined) return;
    const content = await options.content();
    if (!content.stagesById.has(stageId)) {
      throw new ValidationError([{ path: 'stageId', message: journeyMessages.unknownStage }]);
    }
  }

  return {
    async list({ clientId }: JourneyAccess): Promise<CustomTask[]> {
      const rows = await withCompleter(db)
        .where(eq(customTasks.clientId, clientId))
        .orderBy(customTasks.createdAt);
      return rows
        .map((row) => toCustomTask(row.task, row))
        .sort((a, b) =>
          compareTasks(
            { ...a, completed: a.status === 'completed' },
            { ...b, completed: b.status === 'completed' },
          ),
        );
    },

    /**
     * A new task. With `input.id` (made by the seller's device, for a creation sent offline and
     * maybe twice) the task takes that id, once: when a task of the same journey already holds it,
     * the answer is that task as it is now (`created: false`) and nothing is written or published;
     * when another journey's task holds it, 409 and nothing of that task is revealed.
     */
    async create(
      { clientId, actor }: JourneyAccess,
      input: CustomTaskCreate,
    ): Promise<{ task: CustomTask; created: boolean }> {
      const { id, ...fields } = input;
      try {
        await checkStage(input.stageId);
      } catch (error) {
        // A creation sent again answers its task, whatever its body names now (a stage since removed).
        const [made] =
          id === undefined
            ? []
            : await withCompleter(db)
                .where(and(eq(customTasks.id, id), eq(customTasks.clientId, clientId)))
                .limit(1);
        if (made) return { task: toCustomTask(made.task, made), created: false };
        throw error;
      }
      const values = {
        clientId,
        ...fields,
        status: 'pending',
        createdBy: actor.id,
        updatedBy: actor.id,
      } satisfies typeof customTasks.$inferInsert;
      try {
        const row = await db.transaction(async (tx) => {
          await clients.touch(tx, clientId);
          const inserted = id === undefined ? await insert(tx, values) : await insertOnce(tx, id, values);
          await publishTaskUpdated(events, tx, {
            clientId,
            taskId: inserted.id,
            kind: 'custom',
            change: 'created',
            fields: [],
            actorUserId: actor.id,
            updatedAt: inserted.createdAt,
          });
          return inserted;
        });
        return { task: toCustomTask(row), created: true };
      } catch (error) {
        if (error instanceof CreationReplayed) return { task: error.task, created: false };
        throw error;
      }

      /** The task with a new id the database makes (as every task had before devices named them). */
      async function insert(tx: Executor, row: typeof values): Promise<CustomTaskRow> {
        const [inserted] = await tx.insert(customTasks).values(row).returning();
        if (!inserted) throw new Error('custom task insert returned no row');
        return inserted;
      }

      /**
       * The task with the device's id; or, when a task already holds it, CreationReplayed (same
       * journey) or CustomTaskIdTakenError (another journey); when a task of this journey held it
       * and was deleted, CustomTaskDeletedError: each rolling the transaction back. The seller's
       * lock (taken first, as remove() does) orders a creation and a deletion of the same task.
       */
      async function insertOnce(tx: Executor, taskId: string, row: typeof values): Promise<CustomTaskRow> {
        const [deleted] = await tx
          .select({ clientId: deletedCustomTasks.clientId })
          .from(deletedCustomTasks)
          .where(eq(deletedCustomTasks.id, taskId))
          .limit(1);
        if (deleted)
          throw deleted.clientId === clientId ? new CustomTaskDeletedError() : new CustomTaskIdTakenError();
        for (let attempt = 1; attempt <= REPLAY_LOOKUPS; attempt++) {
          // Waits for a concurrent creation of the same id to commit or roll back.
          const [inserted] = await tx
            .insert(customTasks)
            .values({ ...row, id: taskId })
            .onConflictDoNothing({ target: customTasks.id })
            .returning();
          if (inserted) return inserted;
          const [existing] = await withCompleter(tx).where(eq(customTasks.id, taskId)).limit(1);
          if (existing?.task.clientId === clientId) {
            throw new CreationReplayed(toCustomTask(existing.task, existing));
          }
          if (existing) throw new CustomTaskIdTakenError();
          // Deleted between the two statements: the id is free again, try the insert once more.
        }
        throw new Error(`custom task ${taskId} neither inserted nor found`);
      }
    },

    async update(
      { clientId, actor }: JourneyAccess,
      id: string,
      patch: CustomTaskUpdate,
    ): Promise<CustomTask> {
      await checkStage(patch.stageId);
      const content = await options.content();
      const row = await db.transaction(async (tx) => {
        await clients.touch(tx, clientId);
        const mine = and(eq(customTasks.id, id), eq(customTasks.clientId, clientId));
        const [current] = await tx.select().from(customTasks).where(mine).limit(1);
        if (!current) throw new CustomTaskNotFoundError();
        const now = clock();
        /** What changed beyond a completion (which task-completed announces), for the live screens. */
        const announceChanges = async (executor: Executor, before: CustomTaskRow, after: CustomTaskRow) => {
          const fields = changedFields(before, after);
          if (before.status === 'completed' && after.status !== 'completed') fields.push('status');
          if (fields.length === 0) return;
          await publishTaskUpdated(events, executor, {
            clientId,
            taskId: after.id,
            kind: 'custom',
            fields,
            actorUserId: actor.id,
            updatedAt: now,
          });
        };
        const { status, ...fields } = patch;
        const changes: Partial<CustomTaskRow> = {
          ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
          updatedBy: actor.id,
        };
        if (status === 'completed') {
          // Conditional, so two requests completing the same task publish one event.
          const moved = await tx
            .update(customTasks)
            .set({ ...changes, status: 'completed', completedBy: actor.id, updatedAt: now })
            .where(and(mine, ne(customTasks.status, 'completed')))
            .returning();
          const completed = moved[0];
          const stage = completed?.stageId ? content.stagesById.get(completed.stageId) : undefined;
          if (completed) {
            await announceChanges(tx, current, completed);
            await publishTaskCompleted(events, tx, {
              clientId,
              taskId: completed.id,
              kind: 'custom',
              templateId: null,
              title: completed.title,
              stageId: stage?.id ?? null,
              stageName: stage?.name ?? null,
              actorUserId: actor.id,
              completedAt: now,
            });
          }
          if (completed) return completed;
        } else if (status === 'pending') {
          changes.status = 'pending';
          changes.completedBy = null;
        }
        const [updated] = await tx
          .update(customTasks)
          .set({ ...changes, updatedAt: now })
          .where(mine)
          .returning();
        if (!updated) throw new CustomTaskNotFoundError();
        await announceChanges(tx, current, updated);
        return updated;
      });
      const [names] = row.completedBy
        ? await db
            .select({ completerFirstName: users.firstName, completerLastName: users.lastName })
            .from(users)
            .where(eq(users.id, row.completedBy))
        : [];
      return toCustomTask(row, names);
    },

    async remove({ clientId, role, actor }: JourneyAccess, id: string): Promise<void> {
      if (role !== 'seller') throw new MembersCannotDeleteError();
      await db.transaction(async (tx) => {
        await clients.touch(tx, clientId);
        const deleted = await tx
          .delete(customTasks)
          .where(and(eq(customTasks.id, id), eq(customTasks.clientId, clientId)))
          .returning({ id: customTasks.id });
        if (deleted.length === 0) throw new CustomTaskNotFoundError();
        // Its id stays taken: a creation of it sent again (its answer lost) does not bring it back.
        await tx.insert(deletedCustomTasks).values({ id, clientId }).onConflictDoNothing();
        await publishTaskUpdated(events, tx, {
          clientId,
          taskId: id,
          kind: 'custom',
          change: 'deleted',
          fields: [],
          actorUserId: actor.id,
          updatedAt: clock(),
        });
      });
    },
  };
}
export type CustomTaskService = ReturnType<typeof createCustomTaskService>;
