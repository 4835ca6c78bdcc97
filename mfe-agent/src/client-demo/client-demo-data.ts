import type { StageSummaryFields, TaskPriorityLevel } from '@listready/ui/journey';

/*
 * /client-demo's sample client: the journey every client of the agent gets, on made-up progress.
 * The stages are the journey's own — names, icons and task counts as the seed has them
 * (libs/db/src/seed/journey-content.ts); e2e/tests/agent-dashboard.test.ts holds them against a new
 * client's journey. Nothing is read from or sent to the server.
 */

export interface DemoStage extends StageSummaryFields {
  /** Ready to Show!!: a checklist before every showing, outside the progress. */
  excludedFromProgress: boolean;
}

export const DEMO_CLIENT_FIRST_NAME = 'Sarah';

const stage = (
  title: string,
  icon: string,
  status: DemoStage['status'],
  completedTasks: number,
  totalTasks: number,
  excludedFromProgress = false,
): DemoStage => ({ title, icon, status, completedTasks, totalTasks, excludedFromProgress });

export const DEMO_STAGES: readonly DemoStage[] = [
  stage('Initial Assessment', 'ClipboardCheck', 'completed', 15, 15),
  stage('Declutter', 'PackageOpen', 'in_progress', 5, 8),
  stage('Repairs & Maintenance', 'Wrench', 'locked', 0, 9),
  stage('Home Staging', 'Sofa', 'locked', 0, 4),
  stage('Marketing & Photography', 'Camera', 'locked', 0, 6),
  stage('Ready to Show!!', 'Sparkles', 'locked', 0, 7, true),
  stage('Go Live and Show', 'DoorOpen', 'locked', 0, 6),
  stage('Contract to Closing $$', 'Handshake', 'locked', 0, 7),
];

export interface DemoTask {
  title: string;
  description: string;
  stage: string;
  priority: TaskPriorityLevel;
  /** As the client's card says it. */
  due: string;
}

/** Today's Priority: one of the Declutter stage's tasks, as the journey has it. */
export const DEMO_TODAYS_PRIORITY: DemoTask = {
  title: 'Clear the kitchen counters',
  description: 'Put away small appliances, mail and utensils so the counters look spacious.',
  stage: 'Declutter',
  priority: 'high',
  due: 'Due today, about 1 hour',
};

/** The journey card's figures, counted as the journey counts them: Ready to Show!! outside. */
export function demoProgress(stages: readonly DemoStage[] = DEMO_STAGES) {
  const counted = stages.filter((stage) => !stage.excludedFromProgress);
  const completedTasks = counted.reduce((sum, stage) => sum + stage.completedTasks, 0);
  const totalTasks = counted.reduce((sum, stage) => sum + stage.totalTasks, 0);
  return {
    completedTasks,
    totalTasks,
    remainingTasks: totalTasks - completedTasks,
    percent: totalTasks === 0 ? 0 : Math.round((100 * completedTasks) / totalTasks),
  };
}

/**
 * The journey card's coming week: the Declutter tasks still open (5 of its 8 are done), due today
 * (Today's Priority) and in two and five days, as the client's card names them.
 */
export const DEMO_WEEK: readonly { title: string; inDays: number }[] = [
  { title: DEMO_TODAYS_PRIORITY.title, inDays: 0 },
  { title: 'Clean out the garage', inDays: 2 },
  { title: 'Wipe down door jambs and trim', inDays: 5 },
];

/** The `YYYY-MM-DD` of the day `inDays` after `now`'s, on the viewer's calendar. */
export function demoDueDate(inDays: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + inDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
