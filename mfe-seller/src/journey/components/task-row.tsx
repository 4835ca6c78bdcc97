import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { BellRing, CalendarClock, CircleCheck, Circle, StickyNote, User } from 'lucide-react';
import { reminderWhenText, type TaskReminders } from '@listready/contracts/journey';
import { Button, cn } from '@listready/ui';
import { PriorityBadge } from '@listready/ui/journey';
import { dayLabel } from '@listready/web-client';
import { useReadOnlyJourney } from '../hooks/use-household.ts';
import { reminderOf, reminderTaskOf, useTaskReminders } from '../hooks/use-task-reminders.ts';
import {
  usePendingTaskChanges,
  usePendingTaskCreations,
  useSignedInUserId,
} from '../hooks/use-offline-task-changes.ts';
import {
  pendingChangeKey,
  pendingCreationKey,
  type PendingTaskChange,
} from '../utils/pending-task-changes.ts';
import { useUpdateClientTask, useUpdateCustomTask } from '../hooks/use-task-updates.ts';
import type { TaskRowModel } from '../utils/journey-view.ts';
import { noteDraftKey, readNoteDraft } from '../utils/note-drafts.ts';
import { NotesEditor } from './notes-editor.tsx';
import { keptWorkFor, PendingNote, type KeptWork } from './pending-note.tsx';
import { RescheduleDialog } from './reschedule-dialog.tsx';

/** What every row of a list shares: the two updates, whether the journey is read-only, the changes kept on this device. */
interface TaskRowActions {
  toggle: (task: TaskRowModel) => void;
  readOnly: boolean;
  /** What waits on this device for the task: the task itself (a custom task made here) or a change. */
  keptWork: (task: TaskRowModel) => KeptWork | undefined;
  /**
   * Notes saved on this device, waiting to be sent, or sent and refused by the server (someone else
   * changed them: the editor offers both).
   */
  keptNotes: (task: TaskRowModel) => PendingTaskChange | undefined;
  /** Where the signed-in person's unsaved notes for the task are kept (null: no one signed in). */
  noteDraftKey: (task: TaskRowModel) => string | null;
}

const TaskRowActionsContext = createContext<TaskRowActions | null>(null);

/**
 * The reader's own reminder times, once read. A context of its own: when they arrive only the
 * rows' due dates draw again, not every row.
 */
const OwnRemindersContext = createContext<TaskReminders | undefined>(undefined);

/**
 * Gives the rows below it one set of update hooks. Each row asking for its own cost about ten query
 * and mutation observers per row, most of the journey's render time on a phone (issue 16).
 */
export function TaskRowActionsProvider({ children }: { children: ReactNode }) {
  const { mutate: updateTask } = useUpdateClientTask();
  const { mutate: updateCustomTask } = useUpdateCustomTask();
  const readOnly = useReadOnlyJourney();
  const userId = useSignedInUserId();
  const changes = usePendingTaskChanges();
  const creations = usePendingTaskCreations();
  // Read once the rows are drawn (this provider mounts with them), not with the page's first reads;
  // an agent following a client has none (the reminders are the seller's and their household's).
  const reminders = useTaskReminders({ read: !readOnly });
  const actions = useMemo<TaskRowActions>(
    () => ({
      toggle: (task) => {
        const change = {
          id: task.id,
          patch: { status: task.status === 'completed' ? ('pending' as const) : ('completed' as const) },
        };
        if (task.source === 'custom') updateCustomTask(change);
        else updateTask(change);
      },
      readOnly,
      keptWork: (task) => {
        if (!userId) return undefined;
        const custom = task.source === 'custom';
        const changeOf = (source: PendingTaskChange['source']) =>
          changes.find((change) => change.key === pendingChangeKey(userId, source, task.id));
        const creationKey = pendingCreationKey(userId, task.id);
        return keptWorkFor(
          custom ? creations.find((creation) => creation.key === creationKey) : undefined,
          changeOf(custom ? 'custom' : 'client'),
          custom ? undefined : changeOf('notes'),
        );
      },
      keptNotes: (task) => {
        if (!userId || task.source === 'custom') return undefined;
        const key = pendingChangeKey(userId, 'notes', task.id);
        return changes.find((change) => change.key === key);
      },
      noteDraftKey: (task) => (userId ? noteDraftKey(userId, task.id) : null),
    }),
    [updateTask, updateCustomTask, readOnly, userId, changes, creations],
  );
  return (
    <TaskRowActionsContext value={actions}>
      <OwnRemindersContext value={reminders.data}>{children}</OwnRemindersContext>
    </TaskRowActionsContext>
  );
}

/** One task: status, details, Mark Complete / Mark Incomplete, Reschedule and (journey tasks) notes. */
export function TaskRow(props: { task: TaskRowModel; label?: string }) {
  const actions = useContext(TaskRowActionsContext);
  // A row on its own (outside a list that shares them) brings its own actions.
  if (!actions) {
    return (
      <TaskRowActionsProvider>
        <TaskRow {...props} />
      </TaskRowActionsProvider>
    );
  }
  return <TaskRowView {...props} actions={actions} />;
}

function TaskRowView({
  task,
  label,
  actions,
}: {
  task: TaskRowModel;
  label?: string;
  actions: TaskRowActions;
}) {
  const [rescheduling, setRescheduling] = useState(false);
  const draftKey = actions.noteDraftKey(task);
  // Notes left unsaved (a reload, the editor closed) open again with their words.
  const [notesOpen, setNotesOpen] = useState(
    () => task.notes !== undefined && draftKey !== null && readNoteDraft(draftKey) !== null,
  );
  // Notes written offline and refused (someone else saved first) open by themselves, to choose.
  const keptNotes = actions.keptNotes(task);
  const refusedNotes = keptNotes?.refusal !== undefined ? keptNotes : undefined;
  const [openedForRefusal, setOpenedForRefusal] = useState<string | undefined>(undefined);
  if (refusedNotes && openedForRefusal !== refusedNotes.savedAt) {
    setOpenedForRefusal(refusedNotes.savedAt);
    setNotesOpen(true);
  }
  const completed = task.status === 'completed';
  const { readOnly } = actions;
  const kept = actions.keptWork(task);
  const toggle = () => actions.toggle(task);

  return (
    <li
      // A word longer than the row (a pasted link, a title without spaces) breaks where it must,
      // and never widens the page: `anywhere` also lets the row's flex items shrink below it.
      className="rounded-lg border border-surface-border bg-page/40 p-3 wrap-anywhere print:break-inside-avoid"
      data-testid="task-row"
      data-task-id={task.id}
      data-task-title={task.title}
    >
      <div className="flex items-start gap-3">
        {completed ? (
          <CircleCheck
            aria-label="Completed"
            className="mt-0.5 size-5 shrink-0 text-green-400 print:text-green-700"
          />
        ) : (
          <Circle aria-label="Pending" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
        )}
        <div className="min-w-0 flex-1">
          <p className={cn('font-medium', completed && 'text-ink-muted line-through')}>
            {label && <span className="mr-2 text-ink-muted">{label}</span>}
            {task.title}
          </p>
          {task.description && <p className="mt-1 text-sm text-ink-muted">{task.description}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-ink-muted">
            <PriorityBadge priority={task.priority} />
            {task.source === 'custom' && (
              <span className="rounded-full border border-surface-border px-2 py-0.5">Custom</span>
            )}
            {task.dueDate && <DueDate task={task} dueDate={task.dueDate} />}
            {completed && task.completedBy && (
              <span className="flex items-center gap-1" data-testid="task-completed-by">
                <CircleCheck aria-hidden="true" className="size-3.5" />
                Completed by {task.completedBy}
              </span>
            )}
            {task.assignedTo && (
              <span className="flex items-center gap-1">
                <User aria-hidden="true" className="size-3.5" />
                Assigned to {task.assignedTo}
              </span>
            )}
          </div>
        </div>
      </div>
      {kept && <PendingNote work={kept} />}
      {/* A reader who cannot change the notes reads them here; on paper everyone does (the screen
          keeps them behind Notes for the others). */}
      {task.notes ? (
        <p
          className={cn('mt-3 text-sm whitespace-pre-wrap text-ink-muted', !readOnly && 'hidden print:block')}
          data-testid="task-notes"
        >
          <StickyNote aria-hidden="true" className="mr-1 inline size-4" />
          {task.notes}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="mt-3 flex flex-wrap gap-2 print:hidden">
          <Button size="sm" variant={completed ? 'outline' : 'default'} onClick={toggle}>
            {completed ? 'Mark Incomplete' : 'Mark Complete'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setRescheduling(true)}
            aria-label={`Reschedule ${task.title}`}
          >
            <CalendarClock aria-hidden="true" className="size-4" />
            Reschedule
          </Button>
          {task.notes !== undefined && (
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={notesOpen}
              aria-label={`Notes: ${task.title}`}
              onClick={() => setNotesOpen((open) => !open)}
            >
              <StickyNote aria-hidden="true" className="size-4" />
              Notes
            </Button>
          )}
        </div>
      )}
      {!readOnly && notesOpen && task.notes !== undefined && (
        <NotesEditor
          taskId={task.id}
          taskTitle={task.title}
          savedNotes={task.notes}
          draftKey={draftKey}
          refused={refusedNotes?.patch}
          waiting={keptNotes !== undefined && refusedNotes === undefined}
        />
      )}
      {rescheduling && <RescheduleDialog task={task} open={rescheduling} onOpenChange={setRescheduling} />}
    </li>
  );
}

/**
 * A task's due date; with the reader's own reminder time for it, a bell in place of the calendar
 * (the same size, so nothing moves when the times arrive after the row) and the time said to
 * screen readers and on hover.
 */
function DueDate({ task, dueDate }: { task: TaskRowModel; dueDate: string }) {
  const minutes = reminderOf(useContext(OwnRemindersContext), reminderTaskOf(task));
  const reminder = minutes === null ? undefined : `Your reminder: ${reminderWhenText(minutes)}`;
  return (
    <span className="flex items-center gap-1" data-testid="task-due-date" title={reminder}>
      {reminder ? (
        <BellRing aria-hidden="true" className="size-3.5 text-brand-soft" data-testid="own-reminder" />
      ) : (
        <CalendarClock aria-hidden="true" className="size-3.5" />
      )}
      Due {dayLabel(dueDate)}
      {reminder && <span className="sr-only">. {reminder}</span>}
    </span>
  );
}
