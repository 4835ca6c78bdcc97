import { Card, cn } from '@listready/ui';
import type { JourneyOwner } from '../hooks/use-household.ts';
import type { JourneyResponse } from '../utils/journey-api.ts';
import type { TaskToShow } from './todays-priority-card.tsx';
import { DUE_SOON_DAYS, formatDueDate, type PointedTask } from '../utils/journey-view.ts';

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

/** How many of the week's tasks the card names; the rest are counted. */
export const DUE_SOON_SHOWN = 3;

/**
 * The Your Home Sale Journey card: percent, X of Y tasks completed, N remaining (the spec's); then
 * where the journey stands — the stage in progress among all of them, each stage a step coloured by
 * its status — and the open tasks that fall due in the coming week, the first few named with their
 * dates, each one a way to its row (Today's Priority has today's first and the overdue ones).
 */
export function ProgressCard({
  summary,
  stages,
  dueSoon,
  title,
  onShowTask,
}: {
  summary: JourneyResponse['summary'];
  stages: readonly Stage[];
  /** Open tasks due today through the next DUE_SOON_DAYS − 1 days, soonest first (dueSoonTasks). */
  dueSoon: readonly PointedTask[];
  title: string;
  /** Opens the task's stage and goes to its row (the screen's, as Today's Priority's Show task). */
  onShowTask?: ((task: TaskToShow) => void) | undefined;
}) {
  const named = dueSoon.slice(0, DUE_SOON_SHOWN);
  return (
    // min-w-0: a grid item is as wide as its longest unbreakable line by default, and a long title
    // in the week list (cut with an ellipsis) would otherwise widen the card past a phone's screen.
    <Card className="min-w-0 p-5" aria-labelledby="journey-progress-title" role="region">
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
          {dueSoonText(dueSoon.length)}
        </p>
        {named.length > 0 && (
          <ul className="mt-1" aria-label="Due in the next 7 days">
            {named.map(({ row, stageId }) => (
              <li key={row.id} className="flex min-w-0 items-baseline justify-between gap-3 py-0.5">
                {onShowTask ? (
                  <button
                    type="button"
                    className="min-w-0 truncate text-left underline decoration-dotted underline-offset-4 hover:decoration-solid"
                    aria-label={`Show task: ${row.title}`}
                    onClick={() => onShowTask({ id: row.id, stageId })}
                  >
                    {row.title}
                  </button>
                ) : (
                  <span className="min-w-0 truncate">{row.title}</span>
                )}
                <span className="shrink-0 text-ink-muted">{formatDueDate(row.dueDate ?? '')}</span>
              </li>
            ))}
          </ul>
        )}
        {dueSoon.length > named.length && (
          <p className="text-ink-muted">and {dueSoon.length - named.length} more</p>
        )}
      </div>
    </Card>
  );
}
