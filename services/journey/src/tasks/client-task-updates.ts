import { and, eq, ne, sql } from 'drizzle-orm';
import {
  JourneyErrorCode,
  journeyMessages,
  type ClientTaskUpdate,
  type TaskEntry,
  type TaskUpdatedV1,
} from '@listready/contracts';
import {
  clients as clientsTable,
  clientTasks,
  connectionOf,
  executePrepared,
  users,
  type Db,
  type Executor,
} from '@listready/db';
import type { EventBus } from '@listready/events';
import { HttpError, NotFoundError, type SessionUser } from '@listready/service-kit';
import type { ClientRepository } from '../clients/client-repository.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { publishTaskCompleted, publishTaskUpdated } from '../events/journey-events.ts';
import { canEditDetails } from '../rules/journey-rules.ts';
import { syncStageProgress, type ProgressRow } from './stage-progress.ts';
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

/** The columns of a task row the entry shows. */
type EntryRow = Pick<
  ClientTaskRow,
  | 'id'
  | 'taskId'
  | 'status'
  | 'dueDate'
  | 'assignedTo'
  | 'notes'
  | 'priority'
  | 'completedAt'
  | 'completedBy'
  | 'updatedAt'
>;

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
  return entryOf(updated.task, updated, template);
}

/** The entry of a task row, its completer's name beside it (from a join on auth.users). */
function entryOf(
  row: EntryRow,
  completer: { completerFirstName: string | null; completerLastName: string | null },
  template: TemplateOf,
): TaskEntry {
  const completedBy =
    row.status === 'completed' && row.completedBy
      ? {
          id: row.completedBy,
          name: `${completer.completerFirstName ?? ''} ${completer.completerLastName ?? ''}`.trim(),
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

/**
 * What a write needs of the seller, in one round trip, read after the seller's lock is taken, so it
 * is current until the commit: the task being changed (its whole row), the status of each of the
 * seller's other tasks and their stored stage progress (what the stage rule needs and compares
 * with). Only the changed task is read whole: building every row's JSON (55 tasks, three timestamps
 * each) was most of the statement's cost, under the lock. Raw SQL because it answers one row of JSON
 * lists, which drizzle's builder cannot say; named, so each connection parses and plans it once.
 */
const SELLER_STATE = {
  name: 'journey_seller_state',
  text: `select
    (select json_build_object(
        'id', t.id, 'taskId', t.task_id, 'status', t.status, 'dueDate', t.due_date,
        'assignedTo', t.assigned_to, 'notes', t.notes, 'priority', t.priority,
        'completedAt', t.completed_at, 'completedBy', t.completed_by, 'updatedAt', t.updated_at)
      from journey.client_tasks t where t.id = $2 and t.client_id = $1) as task,
    (select coalesce(json_agg(json_build_array(t.task_id, t.status)), '[]')
      from journey.client_tasks t where t.client_id = $1 and t.id <> $2) as others,
    (select coalesce(json_agg(json_build_object(
        'id', p.id, 'clientId', p.client_id, 'stageId', p.stage_id, 'status', p.status,
        'startedAt', p.started_at, 'completedAt', p.completed_at, 'pointsEarned', p.points_earned,
        'createdAt', p.created_at, 'updatedAt', p.updated_at)), '[]')
      from journey.client_progress p where p.client_id = $1) as progress`,
};

type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
const dateOf = (value: string | null) => (value === null ? null : new Date(value));

async function readSellerState(tx: Executor, clientId: string, clientTaskId: string) {
  const { rows } = await connectionOf(tx).query<{
    task: Json<EntryRow> | null;
    others: [taskId: string, status: string][];
    progress: Json<ProgressRow>[];
  }>({ ...SELLER_STATE, values: [clientId, clientTaskId] });
  const [row] = rows;
  const task: EntryRow | null = row?.task
    ? { ...row.task, completedAt: dateOf(row.task.completedAt), updatedAt: new Date(row.task.updatedAt) }
    : null;
  const others = (row?.others ?? []).map(([taskId, status]) => ({ taskId, status }));
  const progress: ProgressRow[] = (row?.progress ?? []).map((stage) => ({
    ...stage,
    startedAt: dateOf(stage.startedAt),
    completedAt: dateOf(stage.completedAt),
    createdAt: new Date(stage.createdAt),
    updatedAt: new Date(stage.updatedAt),
  }));
  return { task, others, progress };
}

/**
 * The statements of a status change built once (see libs/db `executePrepared`): the hottest write
 * of the platform ran drizzle's query building at every call.
 */
function prepareStatusStatements(db: Db) {
  // A placeholder where drizzle's `set` takes a value.
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const entryColumns = {
    id: clientTasks.id,
    taskId: clientTasks.taskId,
    status: clientTasks.status,
    dueDate: clientTasks.dueDate,
    assignedTo: clientTasks.assignedTo,
    notes: clientTasks.notes,
    priority: clientTasks.priority,
    completedAt: clientTasks.completedAt,
    completedBy: clientTasks.completedBy,
    updatedAt: clientTasks.updatedAt,
  };
  // Conditional: only the request that moves the task to completed gets a row, and so publishes.
  const completing = db.$with('completing').as(
    db
      .update(clientTasks)
      .set({
        status: 'completed',
        completedAt: value('now'),
        completedBy: value('actorId'),
        updatedBy: value('actorId'),
        updatedAt: value('now'),
      })
      .where(and(eq(clientTasks.id, sql.placeholder('clientTaskId')), ne(clientTasks.status, 'completed')))
      .returning(entryColumns),
  );
  return {
    /** The seller of a task: who may write it without asking about households. */
    taskSeller: db
      .select({ clientId: clientTasks.clientId, sellerUserId: clientsTable.userId })
      .from(clientTasks)
      .innerJoin(clientsTable, eq(clientsTable.id, clientTasks.clientId))
      .where(eq(clientTasks.id, sql.placeholder('clientTaskId')))
      .limit(1)
      .prepare('journey_task_seller'),
    /** The completion and the entry it answers (its completer's name joined) in one statement. */
    complete: db
      .with(completing)
      .select({
        task: {
          id: completing.id,
          taskId: completing.taskId,
          status: completing.status,
          dueDate: completing.dueDate,
          assignedTo: completing.assignedTo,
          notes: completing.notes,
          priority: completing.priority,
          completedAt: completing.completedAt,
          completedBy: completing.completedBy,
          updatedAt: completing.updatedAt,
        },
        completerFirstName: users.firstName,
        completerLastName: users.lastName,
      })
      .from(completing)
      .leftJoin(users, eq(users.id, completing.completedBy))
      .prepare('journey_complete_task'),
    reopen: db
      .update(clientTasks)
      .set({
        status: 'not_started',
        completedAt: null,
        completedBy: null,
        updatedBy: value('actorId'),
        updatedAt: value('now'),
      })
      .where(eq(clientTasks.id, sql.placeholder('clientTaskId')))
      .returning(entryColumns)
      .prepare('journey_reopen_task'),
  };
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
  const statements = prepareStatusStatements(db);

  /** The task's client when `actor` may write it: its seller at once, anyone else as the access rules say. */
  async function writableClient(actor: SessionUser, clientTaskId: string): Promise<string> {
    const [owner] = await statements.taskSeller.execute({ clientTaskId });
    if (!owner) throw new TaskNotFoundError();
    if (owner.sellerUserId === actor.id) return owner.clientId;
    const access = await options.access.forClient(actor, owner.clientId, 'write');
    if (!access) throw new TaskNotFoundError();
    return access.clientId;
  }

  return {
    /** By the seller or a member of their household; their agent reads only (403); anyone else 404. */
    async update(actor: SessionUser, clientTaskId: string, patch: ClientTaskUpdate): Promise<TaskEntry> {
      const content = await options.content();
      const clientId = await writableClient(actor, clientTaskId);

      return db.transaction(async (tx) => {
        // Last activity, and the seller's lock: their task writes and progress run one at a time,
        // so what is read next is current until the commit.
        await clients.touch(tx, clientId);
        const state = await readSellerState(tx, clientId, clientTaskId);
        const current = state.task;
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
        // A status change alone (the checkbox) runs the prepared statements, which answer the entry.
        const statusOnly = Object.keys(changes).length === 1;

        let statusChanged = false;
        let written = false;
        let completionAnnounced = false;
        let entry: TaskEntry | null = null;
        if (patch.status === 'completed') {
          // Conditional: only the request that moves the task to completed publishes the event.
          let moved: boolean;
          if (statusOnly) {
            const [completed] = await executePrepared(tx, statements.complete, {
              clientTaskId: current.id,
              actorId: actor.id,
              now,
            });
            moved = completed !== undefined;
            if (completed) entry = entryOf(completed.task, completed, template);
          } else {
            const rows = await tx
              .update(clientTasks)
              .set({
                ...changes,
                status: 'completed',
                completedAt: now,
                completedBy: actor.id,
                updatedAt: now,
              })
              .where(and(eq(clientTasks.id, current.id), ne(clientTasks.status, 'completed')))
              .returning({ id: clientTasks.id });
            moved = rows.length > 0;
          }
          if (moved) {
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
          if (statusOnly) {
            const [reopened] = await executePrepared(tx, statements.reopen, {
              clientTaskId: current.id,
              actorId: actor.id,
              now,
            });
            if (reopened)
              entry = entryOf(reopened, { completerFirstName: null, completerLastName: null }, template);
          } else {
            await tx
              .update(clientTasks)
              .set({
                ...changes,
                status: 'not_started',
                completedAt: null,
                completedBy: null,
                updatedAt: now,
              })
              .where(eq(clientTasks.id, current.id));
          }
        }
        if (!written && !statusOnly) {
          await tx
            .update(clientTasks)
            .set({ ...changes, updatedAt: now })
            .where(eq(clientTasks.id, current.id));
        }
        if (statusChanged) {
          // The statuses as this transaction left them: read under the lock, this task's changed.
          const newStatus = patch.status === 'completed' ? 'completed' : 'not_started';
          const tasks = [...state.others, { taskId: current.taskId, status: newStatus }];
          await syncStageProgress(tx, {
            clientId,
            content,
            events,
            now,
            known: { tasks, stored: state.progress },
          });
        }

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

        return entry ?? readEntry(tx, current.id, template);
      });
    },
  };
}
export type ClientTaskUpdates = ReturnType<typeof createClientTaskUpdates>;
