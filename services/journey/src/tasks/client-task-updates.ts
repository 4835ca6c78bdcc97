import { and, eq, ne } from 'drizzle-orm';
import {
  JourneyErrorCode,
  journeyMessages,
  type ClientTaskUpdate,
  type TaskEntry,
} from '@listready/contracts';
import { clientTasks, users, type Db } from '@listready/db';
import type { EventBus } from '@listready/events';
import { HttpError, NotFoundError, type SessionUser } from '@listready/service-kit';
import type { ClientRepository } from '../clients/client-repository.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { publishTaskCompleted } from '../events/journey-events.ts';
import { canEditDetails } from '../rules/journey-rules.ts';
import { syncStageProgress } from './stage-progress.ts';
import { toTaskEntry } from './task-entries.ts';

export class TaskNotFoundError extends NotFoundError {
  constructor() {
    super(journeyMessages.taskNotFound, JourneyErrorCode.taskNotFound);
    this.name = 'TaskNotFoundError';
  }
}

/** Checklist items and standard tasks are only rescheduled: their assignee and priority stay. */
export class TaskDetailsLockedError extends HttpError {
  constructor() {
    super(403, JourneyErrorCode.taskDetailsLocked, journeyMessages.onlyRescheduling);
    this.name = 'TaskDetailsLockedError';
  }
}

type ClientTaskRow = typeof clientTasks.$inferSelect;

/** PUT /api/client-tasks/{id}: status, notes, due date, assignee, priority of the seller's own task. */
export function createClientTaskUpdates(options: {
  db: Db;
  clients: ClientRepository;
  access: JourneyAccessControl;
  content: () => Promise<JourneyContent>;
  events: EventBus;
  clock: Clock;
}) {
  const { db, clients, events, clock } = options;

  return {
    /** By the seller or a member of their household; their agent reads only (403); anyone else 404. */
    async update(actor: SessionUser, clientTaskId: string, patch: ClientTaskUpdate): Promise<TaskEntry> {
      const content = await options.content();
      const [owner] = await db
        .select({ clientId: clientTasks.clientId })
        .from(clientTasks)
        .where(eq(clientTasks.id, clientTaskId))
        .limit(1);
      const access = owner && (await options.access.forClient(actor, owner.clientId, 'write'));
      if (!access) throw new TaskNotFoundError();
      const { clientId } = access;

      const { row, template, completedBy } = await db.transaction(async (tx) => {
        // Last activity, and the seller's lock: their task writes and progress run one at a time.
        await clients.touch(tx, clientId);
        const [current] = await tx
          .select()
          .from(clientTasks)
          .where(and(eq(clientTasks.id, clientTaskId), eq(clientTasks.clientId, clientId)))
          .limit(1);
        const template = current && content.templatesById.get(current.taskId);
        if (!current || !template) throw new TaskNotFoundError();

        const effectivePriority = current.priority ?? template.priority;
        if (!canEditDetails(template.kind)) {
          // The same value again (a form resending what is there) is no change and passes.
          const assigneeChanges = patch.assignedTo !== undefined && patch.assignedTo !== current.assignedTo;
          const priorityChanges = patch.priority !== undefined && patch.priority !== effectivePriority;
          if (assigneeChanges || priorityChanges) throw new TaskDetailsLockedError();
        }

        const now = clock();
        const changes: Partial<ClientTaskRow> = { updatedBy: actor.id };
        if (patch.notes !== undefined) changes.notes = patch.notes === '' ? null : patch.notes;
        if (patch.dueDate !== undefined) changes.dueDate = patch.dueDate;
        if (patch.assignedTo !== undefined) changes.assignedTo = patch.assignedTo;
        if (patch.priority !== undefined && patch.priority !== effectivePriority)
          changes.priority = patch.priority;

        let statusChanged = false;
        let written = false;
        if (patch.status === 'completed') {
          // Conditional: only the request that moves the task to completed publishes the event.
          const moved = await tx
            .update(clientTasks)
            .set({ ...changes, status: 'completed', completedAt: now, completedBy: actor.id, updatedAt: now })
            .where(and(eq(clientTasks.id, current.id), ne(clientTasks.status, 'completed')))
            .returning({ id: clientTasks.id });
          if (moved.length > 0) {
            statusChanged = written = true;
            await publishTaskCompleted(events, tx, {
              clientId,
              taskId: current.id,
              kind: template.kind,
              templateId: template.id,
              title: template.title,
              stageId: template.stage.id,
              stageName: template.stage.name,
              actorUserId: actor.id,
              completedAt: now,
            });
          }
        } else if (patch.status === 'pending' && current.status !== 'not_started') {
          statusChanged = current.status === 'completed';
          written = true;
          await tx
            .update(clientTasks)
            .set({ ...changes, status: 'not_started', completedAt: null, completedBy: null, updatedAt: now })
            .where(eq(clientTasks.id, current.id));
        }
        if (!written && Object.keys(changes).length > 1) {
          await tx
            .update(clientTasks)
            .set({ ...changes, updatedAt: now })
            .where(eq(clientTasks.id, current.id));
        }
        if (statusChanged) await syncStageProgress(tx, { clientId, content, events, now });

        const [updated] = await tx
          .select({
            task: clientTasks,
            completerFirstName: users.firstName,
            completerLastName: users.lastName,
          })
          .from(clientTasks)
          .leftJoin(users, eq(users.id, clientTasks.completedBy))
          .where(eq(clientTasks.id, current.id));
        if (!updated) throw new TaskNotFoundError();
        const completedBy =
          updated.task.status === 'completed' && updated.task.completedBy
            ? {
                id: updated.task.completedBy,
                name: `${updated.completerFirstName ?? ''} ${updated.completerLastName ?? ''}`.trim(),
              }
            : null;
        return { row: updated.task, template, completedBy };
      });

      return toTaskEntry({
        template,
        state: {
          id: row.id,
          taskId: row.taskId,
          status: row.status,
          dueDate: row.dueDate,
          assignedTo: row.assignedTo,
          notes: row.notes,
          priority: row.priority,
          completedAt: row.completedAt?.toISOString() ?? null,
          completedBy,
          updatedAt: row.updatedAt.toISOString(),
        },
        completed: row.status === 'completed',
        priority: row.priority ?? template.priority,
        dueDate: row.dueDate,
      });
    },
  };
}
export type ClientTaskUpdates = ReturnType<typeof createClientTaskUpdates>;
