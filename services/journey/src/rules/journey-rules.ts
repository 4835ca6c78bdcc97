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

/** How many of one stage's tasks a seller has completed: all of them, and the required ones. */
export interface StageTally {
  completed: number;
  requiredCompleted: number;
}

interface StageSize {
  total: number;
  required: number;
}
const stageSizes = new WeakMap<JourneyContent, ReadonlyMap<string, StageSize>>();

/** Each stage's number of templates and of required (non-optional) ones, counted once per content. */
function sizesOf(content: JourneyContent): ReadonlyMap<string, StageSize> {
  let sizes = stageSizes.get(content);
  if (sizes) return sizes;
  const counted = new Map<string, StageSize>();
  for (const template of content.templates) {
    const size = counted.get(template.stageId) ?? { total: 0, required: 0 };
    size.total += 1;
    if (!template.isOptional) size.required += 1;
    counted.set(template.stageId, size);
  }
  stageSizes.set(content, (sizes = counted));
  return sizes;
}

/**
 * The stage rule. A counted stage is completed when all its non-optional tasks are; the first
 * counted stage that is not completed is in_progress (the first stage at the start); the other
 * counted stages are locked. Ready to Show!! (excluded) never completes — it is a checklist run
 * before every showing — and shows in_progress once every counted stage before it is completed,
 * locked until then.
 */
export function stageStates(content: JourneyContent, tasks: Iterable<TaskState>): StageState[] {
  const tallies = new Map<string, StageTally>();
  const seen = new Set<string>();
  for (const task of tasks) {
    if (!task.completed || seen.has(task.taskId)) continue;
    seen.add(task.taskId);
    const template = content.templatesById.get(task.taskId);
    if (!template) continue;
    const tally = tallies.get(template.stageId) ?? { completed: 0, requiredCompleted: 0 };
    tally.completed += 1;
    if (!template.isOptional) tally.requiredCompleted += 1;
    tallies.set(template.stageId, tally);
  }
  return stageStatesOfTallies(content, tallies);
}

/**
 * The stage rule from per-stage counts of completed tasks (what a grouped query answers), so a
 * view of many sellers at once — the agent's — applies exactly the rule of the seller's journey.
 */
export function stageStatesOfTallies(
  content: JourneyContent,
  tallies: ReadonlyMap<string, StageTally>,
): StageState[] {
  const sizes = sizesOf(content);
  let inProgressChosen = false;
  let allCountedSoFarCompleted = true;
  return content.stages.map((stage) => {
    const size = sizes.get(stage.id) ?? { total: 0, required: 0 };
    const tally = tallies.get(stage.id) ?? { completed: 0, requiredCompleted: 0 };
    let status: StageStatus;
    if (stage.excludedFromProgress) {
      status = allCountedSoFarCompleted ? 'in_progress' : 'locked';
    } else if (tally.requiredCompleted >= size.required) {
      status = 'completed';
    } else {
      status = inProgressChosen ? 'locked' : 'in_progress';
      inProgressChosen = true;
      allCountedSoFarCompleted = false;
    }
    return { stage, status, completedTasks: tally.completed, totalTasks: size.total };
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
  const completed = new Set<string>();
  for (const task of tasks) {
    if (!task.completed) continue;
    const template = content.templatesById.get(task.taskId);
    if (template && !template.stage.excludedFromProgress) completed.add(task.taskId);
  }
  return progressOfCompleted(content, completed.size);
}

/** The progress figures of a seller who completed `completedTasks` of the counted tasks. */
export function progressOfCompleted(content: JourneyContent, completedTasks: number): ProgressFigures {
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
/** Each client's today in their own zone, worked out once per zone (a handful), not once per client. */
export function todayOfClients(
  clients: readonly { id: string; timezone: string | null }[],
  now: Date,
): Map<string, string> {
  const todayByZone = new Map<string | null, string>();
  const todayOf = new Map<string, string>();
  for (const client of clients) {
    let own = todayByZone.get(client.timezone);
    if (own === undefined) todayByZone.set(client.timezone, (own = todayIn(client.timezone, now)));
    todayOf.set(client.id, own);
  }
  return todayOf;
}

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
