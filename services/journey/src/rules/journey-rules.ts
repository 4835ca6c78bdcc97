import type { StageStatus, TaskPriority, TaskViewStatus } from '@listready/contracts';
import type { JourneyContent, Stage } from '../content/journey-content.ts';

/**
 * The journey's rules (DESIGN.md §3, seller spec §4 and §9), as pure functions of the content and
 * a seller's task states, so the task list, the journey, the stored progress and the agent's view
 * all agree.
 */

/** Stored statuses not_started, in_progress and skipped all show as pending. */
export const toViewStatus = (stored: string): TaskViewStatus =>
  stored === 'completed' ? 'completed' : 'pending';

/** Predefined tasks (and custom ones) take assignee and priority; checklist and standard tasks are only rescheduled. */
export const canEditDetails = (kind: string): boolean => kind === 'predefined';

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

export interface Orderable {
  completed: boolean;
  priority: TaskPriority;
  dueDate: string | null;
}

/**
 * Incomplete first, then priority high → medium → low, then due date soonest with undated last.
 * Ties keep their incoming order (Array.prototype.sort is stable), i.e. journey order.
 */
export function compareTasks(a: Orderable, b: Orderable): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  const byPriority = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
  if (byPriority !== 0) return byPriority;
  if (a.dueDate === b.dueDate) return 0;
  if (a.dueDate === null) return 1;
  if (b.dueDate === null) return -1;
  // YYYY-MM-DD compares as text.
  return a.dueDate < b.dueDate ? -1 : 1;
}

export interface TaskState {
  taskId: string;
  completed: boolean;
}

export interface StageState {
  stage: Stage;
  status: StageStatus;
  completedTasks: number;
  totalTasks: number;
}

/**
 * The stage rule. A counted stage is completed when all its non-optional tasks are; the first
 * counted stage that is not completed is in_progress (the first stage at the start); the other
 * counted stages are locked. Ready to Show!! (excluded) never completes — it is a checklist run
 * before every showing — and shows in_progress once every counted stage before it is completed,
 * locked until then.
 */
export function stageStates(content: JourneyContent, tasks: Iterable<TaskState>): StageState[] {
  const completedIds = new Set<string>();
  for (const task of tasks) if (task.completed) completedIds.add(task.taskId);

  const tally = new Map<string, { done: number; total: number; requiredOpen: number }>();
  const countOf = (stageId: string) => {
    let count = tally.get(stageId);
    if (!count) tally.set(stageId, (count = { done: 0, total: 0, requiredOpen: 0 }));
    return count;
  };
  for (const template of content.templates) {
    const count = countOf(template.stageId);
    const done = completedIds.has(template.id);
    count.total += 1;
    if (done) count.done += 1;
    else if (!template.isOptional) count.requiredOpen += 1;
  }

  let inProgressChosen = false;
  let allCountedSoFarCompleted = true;
  return content.stages.map((stage) => {
    const count = countOf(stage.id);
    let status: StageStatus;
    if (stage.excludedFromProgress) {
      status = allCountedSoFarCompleted ? 'in_progress' : 'locked';
    } else if (count.requiredOpen === 0) {
      status = 'completed';
    } else {
      status = inProgressChosen ? 'locked' : 'in_progress';
      inProgressChosen = true;
      allCountedSoFarCompleted = false;
    }
    return { stage, status, completedTasks: count.done, totalTasks: count.total };
  });
}

/** The counted stage in progress, or null once every counted stage is completed. */
export const currentStage = (states: readonly StageState[]): Stage | null =>
  states.find((state) => !state.stage.excludedFromProgress && state.status === 'in_progress')?.stage ?? null;

export interface ProgressFigures {
  percent: number;
  completedTasks: number;
  totalTasks: number;
  remainingTasks: number;
}

/** Rounded completed over all journey tasks outside Ready to Show!! (custom tasks do not count). */
export function progressFigures(content: JourneyContent, tasks: Iterable<TaskState>): ProgressFigures {
  let completedTasks = 0;
  for (const task of tasks) {
    if (!task.completed) continue;
    const template = content.templatesById.get(task.taskId);
    if (template && !template.stage.excludedFromProgress) completedTasks += 1;
  }
  const totalTasks = content.countedTemplateCount;
  return {
    percent: percentOf(completedTasks, totalTasks),
    completedTasks,
    totalTasks,
    remainingTasks: totalTasks - completedTasks,
  };
}

export const percentOf = (completed: number, total: number): number =>
  total === 0 ? 0 : Math.min(100, Math.round((100 * completed) / total));

export interface PriorityCandidate extends Orderable {
  /** Ready to Show!! tasks never become Today's Priority. */
  excluded: boolean;
}

/** The first (in task order) incomplete candidate due `today`, outside Ready to Show!!. */
export function pickTodaysPriority<T extends PriorityCandidate>(
  candidates: readonly T[],
  today: string,
): T | null {
  let best: T | null = null;
  for (const candidate of candidates) {
    if (candidate.completed || candidate.excluded || candidate.dueDate !== today) continue;
    if (best === null || compareTasks(candidate, best) < 0) best = candidate;
  }
  return best;
}

export const DEFAULT_TIMEZONE = 'America/New_York';
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in `timeZone`; an unknown zone falls back to America/New_York. */
export function todayIn(timeZone: string | null | undefined, now: Date): string {
  const zone = timeZone || DEFAULT_TIMEZONE;
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return zone === DEFAULT_TIMEZONE ? now.toISOString().slice(0, 10) : todayIn(DEFAULT_TIMEZONE, now);
    }
    dayFormatters.set(zone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
