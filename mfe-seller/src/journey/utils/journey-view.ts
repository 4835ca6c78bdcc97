import type { CustomTask, JourneyResponse, TaskEntry } from './journey-api.ts';
import type { TaskPriority, TaskViewStatus } from '@listready/contracts/journey';

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

/** Formats a YYYY-MM-DD date for display without the time zone moving it a day. */
export function formatDueDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}
