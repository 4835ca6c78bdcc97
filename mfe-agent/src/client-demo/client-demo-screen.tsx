import { CalendarClock, CircleCheck, Clock, Lock, Target, Trophy } from 'lucide-react';
import { Card, cn } from '@listready/ui';
import { AgentContactActions } from '@listready/web-client';
import { PriorityBadge, ProgressBar, StageIcon } from '@listready/ui/journey';
import {
  DEMO_ACHIEVEMENTS,
  DEMO_AGENT,
  DEMO_CLIENT_FIRST_NAME,
  DEMO_PRIORITY_TASKS,
  DEMO_STAGES,
  demoPoints,
  demoProgress,
  type DemoStageStatus,
} from './client-demo-data.ts';

const STATUS: Record<DemoStageStatus, { Icon: typeof Lock; label: string; className: string }> = {
  locked: { Icon: Lock, label: 'Locked', className: 'text-ink-muted' },
  in_progress: { Icon: Clock, label: 'In progress', className: 'text-amber-300' },
  completed: { Icon: CircleCheck, label: 'Completed', className: 'text-green-400' },
};

function JourneyCard() {
  const progress = demoProgress();
  return (
    <Card className="p-5" role="region" aria-labelledby="demo-progress-title">
      <div className="flex items-baseline justify-between gap-4">
        <h3 id="demo-progress-title" className="text-lg font-semibold">
          Your Home Sale Journey
        </h3>
        <span className="text-2xl font-bold text-brand-soft">{progress.percent}%</span>
      </div>
      <ProgressBar percent={progress.percent} label="Journey progress" className="mt-3" />
      <div className="mt-3 flex justify-between text-sm text-ink-muted">
        <span>
          {progress.completedTasks} of {progress.totalTasks} tasks completed
        </span>
        <span>{progress.remainingTasks} remaining</span>
      </div>
      <p className="mt-3 text-sm">
        Stage {progress.stageNumber} of {progress.stageCount}:{' '}
        <span className="font-medium">{progress.stageName}</span>
      </p>
    </Card>
  );
}

function PriorityTasksCard() {
  return (
    <Card className="p-5" role="region" aria-labelledby="demo-priority-title">
      <h3 id="demo-priority-title" className="flex items-center gap-2 text-lg font-semibold">
        <Target aria-hidden="true" className="size-5 text-brand" />
        Priority Tasks
      </h3>
      <ul className="mt-3 space-y-3">
        {DEMO_PRIORITY_TASKS.map((task) => (
          <li key={task.title} className="rounded-lg border border-surface-border bg-page/40 p-3">
            <p className="font-medium">{task.title}</p>
            <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-ink-muted">
              <PriorityBadge priority={task.priority} />
              <span>{task.stage}</span>
              <span className="flex items-center gap-1">
                <CalendarClock aria-hidden="true" className="size-3.5" />
                {task.due}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function StagesCard() {
  return (
    <Card className="p-5" role="region" aria-labelledby="demo-stages-title">
      <h3 id="demo-stages-title" className="text-lg font-semibold">
        Journey Stages
      </h3>
      <ol className="mt-3 space-y-2">
        {DEMO_STAGES.map((stage) => {
          const { Icon, label, className } = STATUS[stage.status];
          const locked = stage.status === 'locked';
          return (
            <li
              key={stage.name}
              className={cn(
                'flex items-center gap-3 rounded-lg border border-surface-border p-3',
                // Dimmed by colour, not opacity (contrast), as on the seller's journey.
                locked ? 'border-dashed bg-page text-ink-muted' : 'bg-page/40',
              )}
            >
              <StageIcon name={stage.icon} className="size-5 shrink-0 text-brand-soft" />
              <span className="min-w-0 flex-1 font-medium">{stage.name}</span>
              <span className="text-sm whitespace-nowrap text-ink-muted">
                {stage.completedTasks} of {stage.totalTasks}
              </span>
              <Icon aria-label={label} role="img" className={cn('size-5 shrink-0', className)} />
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function AchievementsCard() {
  return (
    <Card className="p-5" role="region" aria-labelledby="demo-achievements-title">
      <div className="flex items-baseline justify-between gap-4">
        <h3 id="demo-achievements-title" className="flex items-center gap-2 text-lg font-semibold">
          <Trophy aria-hidden="true" className="size-5 text-amber-300" />
          Achievements
        </h3>
        <span className="text-sm text-ink-muted">
          <span className="font-bold text-ink">{demoPoints()}</span> points earned
        </span>
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {DEMO_ACHIEVEMENTS.map((achievement) => (
          <li
            key={achievement.title}
            className={cn(
              'rounded-lg border p-3',
              achievement.earned
                ? 'border-brand/50 bg-brand/10'
                : 'border-dashed border-surface-border text-ink-muted',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="font-medium">{achievement.title}</p>
              <span className="text-sm whitespace-nowrap">{achievement.points} pts</span>
            </div>
            <p className="mt-1 text-sm text-ink-muted">{achievement.description}</p>
            <p className="mt-2 text-xs font-medium">{achievement.earned ? 'Earned' : 'Not yet earned'}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function AgentContactCard() {
  return (
    <Card
      className="flex flex-wrap items-center justify-between gap-3 border-brand/50 px-4 py-3"
      role="region"
      aria-labelledby="demo-agent-title"
    >
      <div>
        <h3 id="demo-agent-title" className="font-medium">
          Need help?
        </h3>
        <p className="text-sm text-ink-muted">
          {DEMO_AGENT.name}, {DEMO_AGENT.company}
        </p>
      </div>
      <AgentContactActions agent={{ id: 'demo-agent', ...DEMO_AGENT }} />
    </Card>
  );
}

/**
 * /client-demo (agent spec §2): what the agent's clients see, on hard-coded sample data, drawn with
 * the seller journey's pieces. Nothing is read or saved.
 */
export function ClientDemoScreen() {
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Client Demo</h1>
        <p className="mt-2 text-ink-muted">What your clients see, shown on sample data.</p>
      </header>
      <p
        role="note"
        className="rounded-lg border border-dashed border-surface-border px-4 py-3 text-sm text-ink-muted"
      >
        Sample client: nothing here is a real client, and nothing you do here is saved.
      </p>
      <section aria-labelledby="demo-greeting" className="space-y-6">
        <div>
          <h2 id="demo-greeting" className="text-2xl font-bold tracking-tight">
            Hello {DEMO_CLIENT_FIRST_NAME}!
          </h2>
          <p className="mt-1 text-ink-muted">Let&apos;s get moving</p>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <JourneyCard />
          <PriorityTasksCard />
        </div>
        <StagesCard />
        <AchievementsCard />
        <AgentContactCard />
      </section>
    </section>
  );
}
