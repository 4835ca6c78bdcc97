import { Card, cn } from '@listready/ui';
import type { JourneyOwner } from '../hooks/use-household.ts';
import type { JourneyResponse } from '../utils/journey-api.ts';
import { DUE_SOON_DAYS } from '../utils/journey-view.ts';

/**
 * Whose journey the progress card sums up: "Your Home Sale Journey" on the reader's own; on a
 * household's, its seller named (as the picker names it); on a client's an agent follows, no
 * owner (the page's heading names the client).
 */
export function progressTitle(owner: JourneyOwner): string {
  if (owner.kind === 'own') return 'Your Home Sale Journey';
  return owner.kind === 'household' && owner.ownerName
    ? `${owner.ownerName}’s Home Sale Journey`
    : 'Home Sale Journey';
}

type Stage = JourneyResponse['stages'][number];

const STAGE_STATUS_LABEL: Record<Stage['status'], string> = {
  completed: 'completed',
  in_progress: 'in progress',
  locked: 'not started',
};

const STAGE_STEP_CLASS: Record<Stage['status'], string> = {
  completed: 'bg-brand',
  in_progress: 'bg-brand-soft',
  locked: 'bg-page',
};

/** Where the journey stands: "Stage 2 of 8: Declutter", or every stage done. */
export function stagePositionText(stages: readonly Stage[], currentStageId: string | null): string {
  const index = stages.findIndex((stage) => stage.id === currentStageId);
  const current = stages[index];
  if (!current) return 'Every stage completed';
  return `Stage ${index + 1} of ${stages.length}: ${current.title}`;
}

export const dueSoonText = (count: number) =>
  count === 0
    ? `Nothing due in the next ${DUE_SOON_DAYS} days`
    : `${count} ${count === 1 ? 'task' : 'tasks'} due in the next ${DUE_SOON_DAYS} days`;

/**
 * The Your Home Sale Journey card: percent, X of Y tasks completed, N remaining (the spec's); then
 * where the journey stands — the stage in progress among all of them, each stage a step coloured by
 * its status — and how many open tasks fall due in the coming week (Today's Priority has today's
 * and the overdue ones).
 */
export function ProgressCard({
  summary,
  stages,
  dueSoon,
  title,
}: {
  summary: JourneyResponse['summary'];
  stages: readonly Stage[];
  /** Open tasks due today through the next DUE_SOON_DAYS − 1 days (see dueSoonCount). */
  dueSoon: number;
  title: string;
}) {
  return (
    <Card className="p-5" aria-labelledby="journey-progress-title" role="region">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="journey-progress-title" className="min-w-0 text-lg font-semibold wrap-anywhere">
          {title}
        </h2>
        <span className="text-2xl font-bold text-brand-soft" data-testid="progress-percent">
          {summary.percent}%
        </span>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-page"
        role="progressbar"
        aria-label="Journey progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={summary.percent}
      >
        <div
          className="h-full rounded-full bg-brand transition-all"
          style={{ width: `${summary.percent}%` }}
        />
      </div>
      <div className="mt-3 flex justify-between text-sm text-ink-muted">
        <span data-testid="progress-completed">
          {summary.completedTasks} of {summary.totalTasks} tasks completed
        </span>
        <span>{summary.remainingTasks} remaining</span>
      </div>
      <div className="mt-4 border-t border-surface-border pt-4 text-sm">
        <p className="font-medium" data-testid="progress-stage">
          {stagePositionText(stages, summary.currentStageId)}
        </p>
        <ol aria-label="Stages" className="mt-2 flex gap-1">
          {stages.map((stage) => (
            <li
              key={stage.id}
              className={cn('h-1.5 flex-1 rounded-full', STAGE_STEP_CLASS[stage.status])}
              data-stage-step={stage.status}
            >
              <span className="sr-only">
                {stage.title}: {STAGE_STATUS_LABEL[stage.status]}
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-ink-muted" data-testid="progress-due-soon">
          {dueSoonText(dueSoon)}
        </p>
      </div>
    </Card>
  );
}
