import { JourneyCard } from '@listready/ui/journey';
import { dayLabel } from '@listready/web-client';
import type { JourneyOwner } from '../hooks/use-household.ts';
import type { JourneyResponse } from '../utils/journey-api.ts';
import type { TaskToShow } from './todays-priority-card.tsx';
import type { PointedTask } from '../utils/journey-view.ts';

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
 * The seller's Your Home Sale Journey card (JourneyCard): the journey's summary and stages, and the
 * open tasks that fall due in the coming week, each one a way to its row (Today's Priority has
 * today's first and the overdue ones).
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
    <JourneyCard
      title={title}
      titleId="journey-progress-title"
      summary={summary}
      stages={stages}
      current={stages.findIndex((stage) => stage.id === summary.currentStageId)}
      week={dueSoon.map(({ row, stageId }) => ({
        key: row.id,
        title: row.title,
        dueLabel: dayLabel(row.dueDate ?? ''),
        onShow: onShowTask && (() => onShowTask({ id: row.id, stageId })),
      }))}
    />
  );
}
