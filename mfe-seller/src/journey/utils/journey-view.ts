import type { CustomTask, JourneyResponse, TaskEntry } from './journey-api.ts';
import {
  isAssignedTo,
  type Assignee,
  type TaskPriority,
  type TaskViewStatus,
} from '@listready/contracts/journey';
import { DUE_SOON_DAYS } from '@listready/ui/journey';

export type JourneyStageView = JourneyResponse['stages'][number];

/** How a stage's tasks are laid out: a plain list, the assessment's areas, or the Ready to Show!! checklist. */
export type StageLayout = 'tasks' | 'assessment' | 'show-checklist';

/** One row of the journey, whether a journey task or one of the seller's custom tasks. */
export interface TaskRowModel {
  id: string;
  source: 'task' | 'custom';
  title: string;
  description: string | null;
  status: TaskViewStatus;
  dueDate: string | null;
  assignedTo: string | null;
  priority: TaskPriority;
  /** Null for custom tasks, which have no notes. */
  notes: string | null | undefined;
  /** Assignee and priority may change (predefined and custom tasks); otherwise only the due date. */
  canEditDetails: boolean;
  estimatedHours: number | null;
  /** Who completed it (a seller or a member of their household), null while pending. */
  completedBy: string | null;
}

export function stageLayout(stage: JourneyStageView, entries: readonly TaskEntry[]): StageLayout {
  if (stage.excludedFromProgress) return 'show-checklist';
  if (entries.length > 0 && entries.every((entry) => entry.taskTemplate.kind === 'checklist'))
    return 'assessment';
  return 'tasks';
}

export const rowOfEntry = (entry: TaskEntry): TaskRowModel => ({
  id: entry.id,
  source: 'task',
  title: entry.clientTask.title || entry.taskTemplate.title,
  description: entry.taskTemplate.description,
  status: entry.clientTask.status,
  dueDate: entry.clientTask.dueDate,
  assignedTo: entry.clientTask.assignedTo,
  priority: entry.clientTask.priority,
  notes: entry.clientTask.notes,
  canEditDetails: entry.canEditDetails,
  estimatedHours: entry.taskTemplate.estimatedHours,
  completedBy: entry.clientTask.completedBy?.name ?? null,
});

export const rowOfCustomTask = (task: CustomTask): TaskRowModel => ({
  id: task.id,
  source: 'custom',
  title: task.title,
  description: task.description,
  status: task.status,
  dueDate: task.dueDate,
  assignedTo: task.assignedTo,
  priority: task.priority,
  notes: undefined,
  canEditDetails: true,
  estimatedHours: null,
  completedBy: task.completedBy?.name ?? null,
});

/**
 * A stage's entries. Task lists keep the server's order (incomplete first, priority, due date);
 * checklists keep their own order so an item does not jump away when it is ticked.
 */
export function entriesOfStage(
  entries: readonly TaskEntry[],
  stageId: string,
  layout: StageLayout,
): TaskEntry[] {
  const ofStage = entries.filter((entry) => entry.stage.id === stageId);
  if (layout === 'tasks') return ofStage;
  return ofStage.toSorted((a, b) => a.taskTemplate.orderIndex - b.taskTemplate.orderIndex);
}

/** A task the Today's Priority card points at, and where it is on the journey. */
export interface PointedTask {
  row: TaskRowModel;
  /** Its stage (null for a custom task outside every stage). */
  stageId: string | null;
  stageName: string | null;
}

/** What Today's Priority suggests when nothing is due today. */
export type NextUp =
  { reason: 'overdue'; overdueCount: number; task: PointedTask } | { reason: 'next'; task: PointedTask };

/**
 * When nothing is due today: the oldest overdue task (journey and custom, outside Ready to Show!!,
 * against the server's `today` in the seller's time zone), else the first open task of the stage in
 * progress in the order the stage shows it; null when neither exists (every stage done, or Ready to
 * Show!! in progress: its checklist is the next step).
 */
export function nextUpOf(
  journey: JourneyResponse,
  entries: readonly TaskEntry[],
  customTasks: readonly CustomTask[],
): NextUp | null {
  const { today } = journey.summary;
  const overdue = datedOpenTasks(journey, entries, customTasks).filter(
    ({ row }) => row.dueDate !== null && row.dueDate < today,
  );
  const oldest = overdue.reduce<PointedTask | undefined>(
    (first, task) => (!first || (task.row.dueDate ?? '') < (first.row.dueDate ?? '') ? task : first),
    undefined,
  );
  if (oldest) return { reason: 'overdue', overdueCount: overdue.length, task: oldest };

  const current = journey.stages.find((stage) => stage.id === journey.summary.currentStageId);
  if (!current || current.excludedFromProgress) return null;
  const layout = stageLayout(
    current,
    entries.filter((entry) => entry.stage.id === current.id),
  );
  const open = entriesOfStage(entries, current.id, layout).find(
    (entry) => entry.clientTask.status !== 'completed',
  );
  return open
    ? { reason: 'next', task: { row: rowOfEntry(open), stageId: current.id, stageName: current.title } }
    : null;
}

/**
 * The journey's and the custom tasks still open that have a due date, each with its stage, outside
 * Ready to Show!! (its checklist is gone through at each showing, not by a date).
 */
function datedOpenTasks(
  journey: JourneyResponse,
  entries: readonly TaskEntry[],
  customTasks: readonly CustomTask[],
): PointedTask[] {
  const stages = new Map(journey.stages.map((stage) => [stage.id, stage]));
  const pointed = (row: TaskRowModel, stageId: string | null): PointedTask => {
    const stage = stageId === null ? undefined : stages.get(stageId);
    return { row, stageId: stage?.id ?? null, stageName: stage?.title ?? null };
  };
  return [
    ...entries.map((entry) => pointed(rowOfEntry(entry), entry.stage.id)),
    ...customTasks.map((task) => pointed(rowOfCustomTask(task), task.stageId)),
  ].filter(
    ({ row, stageId }) =>
      row.status !== 'completed' &&
      row.dueDate !== null &&
      !(stageId !== null && stages.get(stageId)?.excludedFromProgress),
  );
}

/** A YYYY-MM-DD date `days` later (calendar days: no time zone moves it). */
export function isoDatePlus(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * The open tasks (journey and custom, as Today's Priority counts them) due from the server's
 * `today`, in the seller's time zone, through the next DUE_SOON_DAYS − 1 days: what the week ahead
 * asks, soonest first (then by title). Overdue ones are not here; Today's Priority leads with them.
 */
export function dueSoonTasks(
  journey: JourneyResponse,
  entries: readonly TaskEntry[],
  customTasks: readonly CustomTask[],
): PointedTask[] {
  const { today } = journey.summary;
  const last = isoDatePlus(today, DUE_SOON_DAYS - 1);
  return datedOpenTasks(journey, entries, customTasks)
    .filter(({ row }) => row.dueDate !== null && row.dueDate >= today && row.dueDate <= last)
    .toSorted(
      (a, b) =>
        (a.row.dueDate ?? '').localeCompare(b.row.dueDate ?? '') || a.row.title.localeCompare(b.row.title),
    );
}

/**
 * The journey's and the custom tasks assigned to the reader (named by first name, full name or
 * e-mail, as reminders and calendar feeds take it: `isAssignedTo`): open ones first, then by due
 * date (undated last), then by title.
 */
export function tasksAssignedTo(
  entries: readonly TaskEntry[],
  customTasks: readonly CustomTask[],
  reader: Assignee,
): TaskRowModel[] {
  return [...entries.map(rowOfEntry), ...customTasks.map(rowOfCustomTask)]
    .filter((row) => isAssignedTo(row.assignedTo, reader))
    .toSorted(
      (a, b) =>
        Number(a.status === 'completed') - Number(b.status === 'completed') ||
        (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
        a.title.localeCompare(b.title),
    );
}
