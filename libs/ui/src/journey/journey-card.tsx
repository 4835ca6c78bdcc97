import { Card } from '../components/card.tsx';
import { cn } from '../lib/class-names.ts';
import { ProgressBar } from './progress-bar.tsx';
import type { StageStatus } from './stage-summary.tsx';

/** How many days "the coming week" covers on the journey card: today and the six after it. */
export const DUE_SOON_DAYS = 7;
/** How many of the week's tasks the card names; the rest are counted. */
export const DUE_SOON_SHOWN = 3;

const STATUS_LABEL: Record<StageStatus, string> = {
  completed: 'completed',
  in_progress: 'in progress',
  locked: 'not started',
};

const STEP_CLASS: Record<StageStatus, string> = {
  completed: 'bg-brand',
  in_progress: 'bg-brand-soft',
  locked: 'bg-page',
};

type JourneyStage = { title: string; status: StageStatus };

/** Where the journey stands: "Stage 2 of 8: Declutter", or every stage done (`current` −1). */
export function stagePositionText(stages: readonly { title: string }[], current: number): string {
  const stage = stages[current];
  return stage ? `Stage ${current + 1} of ${stages.length}: ${stage.title}` : 'Every stage completed';
}

export const dueSoonText = (count: number) =>
  count === 0
    ? `Nothing due in the next ${DUE_SOON_DAYS} days`
    : `${count} ${count === 1 ? 'task' : 'tasks'} due in the next ${DUE_SOON_DAYS} days`;

/** A task due in the coming week, as the card names it. */
export interface WeekTask {
  key: string;
  title: string;
  /** Its due date as the journey shows dates ("Jan 12, 2030"). */
  dueLabel: string;
  /** Goes to the task's row; without it the task is named, not offered. */
  onShow?: (() => void) | undefined;
}

/**
 * The journey card's lower half: the stage in progress among all of them, each stage a step coloured
 * by its status (a list whose items say each stage's name and status to screen readers), then the
 * open tasks due in the coming week, soonest first — the first DUE_SOON_SHOWN named with their dates
 * (a long title cut with an ellipsis), the rest counted.
 */
function JourneyStanding({
  stages,
  current,
  week,
}: {
  stages: readonly JourneyStage[];
  /** The index in `stages` of the stage in progress; −1 once every stage is completed. */
  current: number;
  week: readonly WeekTask[];
}) {
  const named = week.slice(0, DUE_SOON_SHOWN);
  return (
    <div className="mt-4 border-t border-surface-border pt-4 text-sm">
      <p className="font-medium" data-testid="progress-stage">
        {stagePositionText(stages, current)}
      </p>
      <ol aria-label="Stages" className="mt-2 flex gap-1 [print-color-adjust:exact]">
        {stages.map((stage) => (
          <li
            key={stage.title}
            className={cn('h-1.5 flex-1 rounded-full', STEP_CLASS[stage.status])}
            data-stage-step={stage.status}
          >
            <span className="sr-only">
              {stage.title}: {STATUS_LABEL[stage.status]}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-ink-muted" data-testid="progress-due-soon">
        {dueSoonText(week.length)}
      </p>
      {named.length > 0 && (
        <ul className="mt-1" aria-label={`Due in the next ${DUE_SOON_DAYS} days`}>
          {named.map((task) => (
            <li key={task.key} className="flex min-w-0 items-baseline justify-between gap-3 py-0.5">
              {task.onShow ? (
                <button
                  type="button"
                  className="min-w-0 truncate text-left underline decoration-dotted underline-offset-4 hover:decoration-solid"
                  aria-label={`Show task: ${task.title}`}
                  onClick={task.onShow}
                >
                  {task.title}
                </button>
              ) : (
                <span className="min-w-0 truncate">{task.title}</span>
              )}
              <span className="shrink-0 text-ink-muted">{task.dueLabel}</span>
            </li>
          ))}
        </ul>
      )}
      {week.length > named.length && <p className="text-ink-muted">and {week.length - named.length} more</p>}
    </div>
  );
}

/** The counts the card's upper half says (the journey's summary, as the API and the demo have it). */
export interface JourneyCounts {
  percent: number;
  completedTasks: number;
  totalTasks: number;
  remainingTasks: number;
}

/**
 * The Your Home Sale Journey card, as the seller's journey and the agent's client demo draw it:
 * percent, X of Y tasks completed, N remaining (the spec's); then where the journey stands and the
 * coming week (JourneyStanding). A region named by its heading: h2 on the seller's journey, h3 in the
 * demo (under the page's h2).
 */
export function JourneyCard({
  title,
  titleId,
  headingLevel = 2,
  summary,
  stages,
  current,
  week,
}: {
  title: string;
  /** The heading's id, unique on the page: the region is named by it. */
  titleId: string;
  headingLevel?: 2 | 3;
  summary: JourneyCounts;
  stages: readonly JourneyStage[];
  /** The index in `stages` of the stage in progress; −1 once every stage is completed. */
  current: number;
  week: readonly WeekTask[];
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // min-w-0: a grid item is as wide as its longest unbreakable line by default, and a long title
    // in the week list (cut with an ellipsis) would otherwise widen the card past a phone's screen.
    <Card className="min-w-0 p-5" role="region" aria-labelledby={titleId}>
      <div className="flex items-baseline justify-between gap-4">
        <Heading id={titleId} className="min-w-0 text-lg font-semibold wrap-anywhere">
          {title}
        </Heading>
        <span className="text-2xl font-bold text-brand-soft" data-testid="progress-percent">
          {summary.percent}%
        </span>
      </div>
      <ProgressBar percent={summary.percent} label="Journey progress" className="mt-3" />
      <div className="mt-3 flex justify-between text-sm text-ink-muted">
        <span data-testid="progress-completed">
          {summary.completedTasks} of {summary.totalTasks} tasks completed
        </span>
        <span>{summary.remainingTasks} remaining</span>
      </div>
      <JourneyStanding stages={stages} current={current} week={week} />
    </Card>
  );
}
