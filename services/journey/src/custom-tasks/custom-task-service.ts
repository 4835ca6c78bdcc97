import { and, eq, ne } from 'drizzle-orm';
import {
  JourneyErrorCode,
  journeyMessages,
  type CustomTask,
  type CustomTaskCreate,
  type CustomTaskUpdate,
} from '@listready/contracts';
import { customTasks, type Db } from '@listready/db';
import type { EventBus } from '@listready/events';
import { NotFoundError, ValidationError } from '@listready/service-kit';
import { JourneyNotReadyError, type ClientRepository } from '../clients/client-repository.ts';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { publishTaskCompleted } from '../events/journey-events.ts';
import { compareTasks, toViewStatus } from '../rules/journey-rules.ts';

type CustomTaskRow = typeof customTasks.$inferSelect;

export class CustomTaskNotFoundError extends NotFoundError {
  constructor() {
    super(journeyMessages.taskNotFound, JourneyErrorCode.taskNotFound);
    this.name = 'CustomTaskNotFoundError';
  }
}

export function toCustomTask(row: CustomTaskRow): CustomTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: toViewStatus(row.status),
    dueDate: row.dueDate,
    assignedTo: row.assignedTo,
    stageId: row.stageId,
    custom: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The seller's personal tasks. They sit in a stage (or none) but count neither for progress nor
 * for the stage rule; completing one publishes `task-completed` like a journey task when it has a
 * stage (the event's contract requires one).
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
    async list(userId: string): Promise<CustomTask[]> {
      const client = await clients.findByUserId(db, userId);
      if (!client) return [];
      const rows = await db
        .select()
        .from(customTasks)
        .where(eq(customTasks.clientId, client.id))
        .orderBy(customTasks.createdAt);
      return rows
        .map(toCustomTask)
        .sort((a, b) =>
          compareTasks(
            { ...a, completed: a.status === 'completed' },
            { ...b, completed: b.status === 'completed' },
          ),
        );
    },

    async create(userId: string, input: CustomTaskCreate): Promise<CustomTask> {
      await checkStage(input.stageId);
      const client = await clients.findByUserId(db, userId);
      if (!client) throw new JourneyNotReadyError();
      const row = await db.transaction(async (tx) => {
        await clients.touch(tx, client.id);
        const [inserted] = await tx
          .insert(customTasks)
          .values({ clientId: client.id, ...input, status: 'pending' })
          .returning();
        if (!inserted) throw new Error('custom task insert returned no row');
        return inserted;
      });
      return toCustomTask(row);
    },

    async update(userId: string, id: string, patch: CustomTaskUpdate): Promise<CustomTask> {
      await checkStage(patch.stageId);
      const client = await clients.findByUserId(db, userId);
      if (!client) throw new CustomTaskNotFoundError();
      const content = await options.content();
      const row = await db.transaction(async (tx) => {
        await clients.touch(tx, client.id);
        const mine = and(eq(customTasks.id, id), eq(customTasks.clientId, client.id));
        const [current] = await tx.select().from(customTasks).where(mine).limit(1);
        if (!current) throw new CustomTaskNotFoundError();
        const now = clock();
        const { status, ...fields } = patch;
        const changes: Partial<CustomTaskRow> = Object.fromEntries(
          Object.entries(fields).filter(([, value]) => value !== undefined),
        );
        if (status === 'completed') {
          // Conditional, so two requests completing the same task publish one event.
          const moved = await tx
            .update(customTasks)
            .set({ ...changes, status: 'completed', updatedAt: now })
            .where(and(mine, ne(customTasks.status, 'completed')))
            .returning();
          const completed = moved[0];
          const stage = completed?.stageId ? content.stagesById.get(completed.stageId) : undefined;
          if (completed && stage) {
            await publishTaskCompleted(events, tx, {
              clientId: client.id,
              taskId: completed.id,
              title: completed.title,
              stageId: stage.id,
              stageName: stage.name,
              completedAt: now,
            });
          }
          if (completed) return completed;
        } else if (status === 'pending') {
          changes.status = 'pending';
        }
        const [updated] = await tx
          .update(customTasks)
          .set({ ...changes, updatedAt: now })
          .where(mine)
          .returning();
        if (!updated) throw new CustomTaskNotFoundError();
        return updated;
      });
      return toCustomTask(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      const client = await clients.findByUserId(db, userId);
      if (!client) throw new CustomTaskNotFoundError();
      await db.transaction(async (tx) => {
        await clients.touch(tx, client.id);
        const deleted = await tx
          .delete(customTasks)
          .where(and(eq(customTasks.id, id), eq(customTasks.clientId, client.id)))
          .returning({ id: customTasks.id });
        if (deleted.length === 0) throw new CustomTaskNotFoundError();
      });
    },
  };
}
export type CustomTaskService = ReturnType<typeof createCustomTaskService>;
