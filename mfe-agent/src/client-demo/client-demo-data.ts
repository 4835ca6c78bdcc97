import type { TaskPriorityLevel } from '@listready/ui/journey';

/*
 * /client-demo's sample client (agent spec §2): hard-coded, never read from or sent to the server.
 * 8 of 24 tasks done, stage 2 of 6, the priority tasks, achievements with points, the agent's contact.
 */

export type DemoStageStatus = 'completed' | 'in_progress' | 'locked';

export interface DemoStage {
  name: string;
  icon: string;
  status: DemoStageStatus;
  completedTasks: number;
  totalTasks: number;
}

export const DEMO_CLIENT_FIRST_NAME = 'Sarah';

export const DEMO_STAGES: readonly DemoStage[] = [
  {
    name: 'Initial Assessment',
    icon: 'ClipboardCheck',
    status: 'completed',
    completedTasks: 5,
    totalTasks: 5,
  },
  { name: 'Declutter', icon: 'PackageOpen', status: 'in_progress', completedTasks: 3, totalTasks: 4 },
  { name: 'Repairs & Maintenance', icon: 'Wrench', status: 'locked', completedTasks: 0, totalTasks: 4 },
  { name: 'Home Staging', icon: 'Sofa', status: 'locked', completedTasks: 0, totalTasks: 4 },
  { name: 'Marketing & Photography', icon: 'Camera', status: 'locked', completedTasks: 0, totalTasks: 4 },
  { name: 'Go Live and Show', icon: 'DoorOpen', status: 'locked', completedTasks: 0, totalTasks: 3 },
];

export interface DemoTask {
  title: string;
  stage: string;
  priority: TaskPriorityLevel;
  due: string;
}

export const DEMO_PRIORITY_TASKS: readonly DemoTask[] = [
  { title: 'Clear kitchen counters', stage: 'Declutter', priority: 'high', due: 'Due today' },
  { title: 'Spruce up front entry', stage: 'Declutter', priority: 'high', due: 'Due tomorrow' },
  { title: 'Touch-up paint', stage: 'Repairs & Maintenance', priority: 'medium', due: 'Due in 5 days' },
];

export interface DemoAchievement {
  title: string;
  description: string;
  points: number;
  earned: boolean;
}

export const DEMO_ACHIEVEMENTS: readonly DemoAchievement[] = [
  { title: 'First Steps', description: 'Started the home preparation journey', points: 50, earned: true },
  {
    title: 'Assessment Complete',
    description: 'Walked through every area of the home',
    points: 100,
    earned: true,
  },
  { title: 'Clutter Buster', description: 'Finish the Declutter stage', points: 100, earned: false },
  { title: 'Ready to List', description: 'Finish every stage before going live', points: 500, earned: false },
];

export const DEMO_AGENT = {
  name: 'Jordan Blake',
  company: 'Blake & Co. Realty',
  phone: '555-0142',
  email: 'jordan.blake@example.com',
} as const;

/** The figures the journey card shows, from the stages above. */
export function demoProgress(stages: readonly DemoStage[] = DEMO_STAGES) {
  const completedTasks = stages.reduce((sum, stage) => sum + stage.completedTasks, 0);
  const totalTasks = stages.reduce((sum, stage) => sum + stage.totalTasks, 0);
  const current = stages.findIndex((stage) => stage.status === 'in_progress');
  return {
    completedTasks,
    totalTasks,
    remainingTasks: totalTasks - completedTasks,
    percent: totalTasks === 0 ? 0 : Math.round((100 * completedTasks) / totalTasks),
    /** 1-based, as "Stage 2 of 6" says it. */
    stageNumber: current + 1,
    stageName: stages[current]?.name ?? '',
    stageCount: stages.length,
  };
}

export const demoPoints = (achievements: readonly DemoAchievement[] = DEMO_ACHIEVEMENTS) =>
  achievements
    .filter((achievement) => achievement.earned)
    .reduce((sum, achievement) => sum + achievement.points, 0);
