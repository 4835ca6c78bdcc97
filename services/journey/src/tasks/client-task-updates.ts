import { and, eq, ne } from 'drizzle-orm';
import {
  JourneyErrorCode,
  journeyMessages,
  type ClientTaskUpdate,
  type TaskEntry,
  type TaskUpdatedV1,
} from '@listready/contracts';
import { clientTasks, users, type Db, type Executor } from '@listready/db';
import type { EventBus } from '@listready/events';
import { HttpError, NotFoundError, type SessionUser } from '@listready/service-kit';
import type { ClientRepository } from '../clients/client-repository.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { publishTaskCompleted, publishTaskUpdated } from '../events/journey-events.ts';
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

/**
 * The notes were saved by someone else since the editor opened them (`baseNotes` is no longer the
 * task's notes): nothing is written, and the caller gets the task as it is now to choose from.
 */
export class NotesConflictError extends HttpError {
  readonly current: TaskEntry;
  constructor(current: TaskEntry) {
    super(409, JourneyErrorCode.notesConflict, journeyMessages.notesConflict);
    this.name = 'NotesConflictError';
    this.current = current;
  }
}

type ClientTaskRow = typeof clientTasks.$inferSelect;
type TemplateOf = NonNullable<ReturnType<JourneyContent['templatesById']['get']>>;

/** The task as GET /api/clients/current/tasks shows it, read in `tx`. */
async function readEntry(tx: Executor, clientTaskId: string, template: TemplateOf): Promise<TaskEntry> {
  const [updated] = await tx
    .select({
      task: clientTasks,
      completerFirstName: users.firstName,
      completerLastName: users.lastName,
    })
    .from(clientTasks)
    .leftJoin(users, eq(users.id, clientTasks.completedBy))
    .where(eq(clientTasks.id, clientTaskId));
  if (!updated) throw new TaskNotFoundError();
  const row = updated.task;
  const completedBy =
    row.status === 'completed' && row.completedBy
      ? {
          id: row.completedBy,
          name: `${updated.completerFirstName ?? ''} ${updated.completerLastName ?? ''}`.trim(),
        }
      : null;
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
}

/** The stored form of notes: '' and null are both "no notes". */
const storedNotes = (notes: string | null | undefined) => (notes === '' || notes == null ? null : notes);

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

      return db.transaction(async (tx) => {
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

        const newNotes = storedNotes(patch.notes);
        if (
          patch.baseNotes !== undefined &&
          storedNotes(patch.baseNotes) !== current.notes &&
          newNotes !== current.notes
        ) {
          throw new NotesConflictError(await readEntry(tx, current.id, template));
        }

        const now = clock();
        const changes: Partial<ClientTaskRow> = { updatedBy: actor.id };
        if (patch.notes !== undefined) changes.notes = newNotes;
        if (patch.dueDate !== undefined) changes.dueDate = patch.dueDate;
        if (patch.assignedTo !== undefined) changes.assignedTo = patch.assignedTo;
        if (patch.priority !== undefined && patch.priority !== effectivePriority)
          changes.priority = patch.priority;

        let statusChanged = false;
        let written = false;
        let completionAnnounced = false;
        if (patch.status === 'completed') {
          // Conditional: only the request that moves the task to completed publishes the event.
          const moved = await tx
            .update(clientTasks)
            .set({ ...changes, status: 'completed', completedAt: now, completedBy: actor.id, updatedAt: now })
            .where(and(eq(clientTasks.id, current.id), ne(clientTasks.status, 'completed')))
            .returning({ id: clientTasks.id });
          if (moved.length > 0) {
            statusChanged = written = completionAnnounced = true;
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

        // What changed beyond a completion (which task-completed announces), for whoever follows
        // the household live.
        const fields: TaskUpdatedV1['fields'] = [];
        if (statusChanged && !completionAnnounced) fields.push('status');
        if (changes.notes !== undefined && changes.notes !== current.notes) fields.push('notes');
        if (changes.dueDate !== undefined && changes.dueDate !== current.dueDate) fields.push('dueDate');
        if (changes.assignedTo !== undefined && changes.assignedTo !== current.assignedTo)
          fields.push('assignedTo');
        if (changes.priority !== undefined) fields.push('priority');
        if (fields.length > 0) {
          await publishTaskUpdated(events, tx, {
            clientId,
            taskId: current.id,
            kind: template.kind,
            fields,
            actorUserId: actor.id,
            updatedAt: now,
          });
        }

        return readEntry(tx, current.id, template);
      });
    },
  };
}
export type ClientTaskUpdates = ReturnType<typeof createClientTaskUpdates>;
