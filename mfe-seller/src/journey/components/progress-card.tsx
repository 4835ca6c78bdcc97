import { Card } from '@listready/ui';
import { JourneyStanding } from '@listready/ui/journey';
import type { JourneyOwner } from '../hooks/use-household.ts';
import type { JourneyResponse } from '../utils/journey-api.ts';
import type { TaskToShow } from './todays-priority-card.tsx';
import { formatDueDate, type PointedTask } from '../utils/journey-view.ts';

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
      <JourneyStanding
        stages={stages}
        current={stages.findIndex((stage) => stage.id === summary.currentStageId)}
        week={dueSoon.map(({ row, stageId }) => ({
          key: row.id,
          title: row.title,
          dueLabel: formatDueDate(row.dueDate ?? ''),
          onShow: onShowTask && (() => onShowTask({ id: row.id, stageId })),
        }))}
      />
    </Card>
  );
}
